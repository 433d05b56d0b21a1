import { z } from 'zod';
import { BLOCK_MSG } from '../rules/blocks.ts';
import { endpoint } from './endpoint.ts';

// Member blocking (issue 18; docs/API.md "Blocks"): a blocked member cannot message, mention or
// notify the blocker, and their posts and comments are collapsed for the blocker. Any signed-in
// member may block (a suspended account's cookie is a guest's: 401). Admins and moderators can be
// blocked like anyone: what they write as members is hidden and muted, their moderation still
// reaches the blocker. The chat's /api/chat/blocks routes are aliases (common/contracts/chat.ts).

const ZMemberId = z.coerce.number({ error: BLOCK_MSG.userIdInvalid }).int({ error: BLOCK_MSG.userIdInvalid }).positive({ error: BLOCK_MSG.userIdInvalid });

export const ZBlockMemberRequest = z.object({ userId: ZMemberId });
export type TBlockMemberRequest = z.infer<typeof ZBlockMemberRequest>;

/** A member the caller blocked. blockedAt is ISO 8601. */
export const ZBlockedMember = z.object({
  id: z.number(),
  username: z.string(),
  avatar: z.string(),
  blockedAt: z.string(),
});
export type TBlockedMember = z.infer<typeof ZBlockedMember>;

/** Oldest block first. */
export const ZBlockedMembers = z.array(ZBlockedMember);

/** The members the caller blocked (one indexed read: the client asks for it on every page a member opens). */
export const listMemberBlocks = endpoint({
  method: 'GET',
  path: '/api/blocks',
  responses: { 200: ZBlockedMembers },
  errors: [400, 401],
});

/** Blocks a member; blocking again answers the same block (idempotent). */
export const createMemberBlock = endpoint({
  method: 'POST',
  path: '/api/blocks',
  body: ZBlockMemberRequest,
  responses: { 201: ZBlockedMember },
  errors: [400, 401, 404],
});

/** Lifts a block; 204 whether or not there was one. */
export const deleteMemberBlock = endpoint({
  method: 'DELETE',
  path: '/api/blocks/:userId',
  params: ZBlockMemberRequest,
  responses: { 204: null },
  errors: [400, 401],
});
