import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ZTargetParams } from './forum.ts';

// Edit history of posts and comments (issue 28 item 7; docs/API.md "Edit history"). Rules and words
// are in common/rules/revisions.ts.

/** One version of a post or comment: its text as it stood, who wrote it and when. */
export const ZRevisionVersion = z.object({
  /** 1 is the original; the highest is the current text. */
  number: z.number(),
  /** The post's title in this version; null for a comment. */
  title: z.string().nullable(),
  /** Markdown source, as written: the client shows it as text, never as HTML. */
  content: z.string(),
  /** ISO 8601: when this version was written (the post's creation, or the edit that made it). */
  writtenAt: z.string(),
  /** Who wrote it: the author, or the admin who edited it; null once their account is gone. */
  writtenBy: z.object({ username: z.string() }).nullable(),
  /** Issue 32: written by the anonymous author: their label (writtenBy is then null). */
  anonymousAs: z.string().optional(),
});
export type TRevisionVersion = z.infer<typeof ZRevisionVersion>;

/**
 * A post's or comment's versions, newest first: the current text, then each one it replaced, at most
 * REVISIONS_SHOWN. A removed one (deleted, or hidden by members' flags) answers moderators only.
 */
export const ZRevisionHistory = z.object({
  kind: z.enum(['post', 'comment']),
  id: z.number(),
  /** Deleted or hidden: no longer on the site (only moderators get this far). */
  removed: z.boolean(),
  /** Hidden by members' flags until a moderator decides (issue 28 item 5). */
  hidden: z.boolean(),
  versions: z.array(ZRevisionVersion),
  /** Versions in all, the current one included: more than versions.length when older ones are left out. */
  total: z.number(),
});
export type TRevisionHistory = z.infer<typeof ZRevisionHistory>;

/** A post's edit history: anyone for a live post; a removed one is 404 but to moderators. */
export const listPostRevisions = endpoint({
  method: 'GET',
  path: '/api/forum/posts/:id/revisions',
  params: ZTargetParams,
  responses: { 200: ZRevisionHistory },
  errors: [404],
});

/** A comment's edit history: anyone for a live comment on a live post; a removed one is 404 but to moderators. */
export const listCommentRevisions = endpoint({
  method: 'GET',
  path: '/api/forum/comments/:id/revisions',
  params: ZTargetParams,
  responses: { 200: ZRevisionHistory },
  errors: [404],
});
