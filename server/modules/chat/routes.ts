import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  blockMember,
  catchUpMessages,
  getChatAccess,
  getChatUnreadCount,
  getConversation,
  listBlocks,
  listConversations,
  markConversationRead,
  markMessageRead,
  sendMessage,
  setChatWindowState,
  startChat,
  unblockMember,
} from '../../../common/contracts/chat.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Events } from '../../events.ts';
import { unauthorized } from '../../http-errors.ts';
import { requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import type { BlockService } from '../blocks/index.ts';
import { assertChatAccess, type ChatNeed, type ChatService } from './service.ts';
import { registerChatSocket } from './socket.ts';

/**
 * Guest 401; unverified 403, and chat-suspended 403 for writes (spec §4 Chat access; issue 18: a
 * suspended member still reads their conversations). The session plugin read the user afresh.
 */
const requireChat = (need: ChatNeed) => async (req: FastifyRequest) => {
  if (!req.user) throw unauthorized();
  assertChatAccess(req.user, need);
};

/**
 * Chat and inbox (docs/API.md "Chat"). Registered after the realtime plugin: sends and reads reach
 * both members' sockets through the service's `notify` (app.gateway), and the chat socket frames are
 * handled here too.
 */
export const chatRoutes: FastifyPluginAsync<{ chat: ChatService; blocks: BlockService; events: Events; appName: string; writable: () => boolean }> = async (
  app,
  { chat, blocks, events, appName, writable },
) => {
  registerChatSocket(app.gateway, chat, appName, writable);
  // Spec §4: an open page shows 'Chat Feature Suspended' (or its lifting) at once; a failed push is only logged.
  events.on('member.chat_access_changed', 'sockets', async ({ userId, chatSuspended, verified }) => {
    const reason = chatSuspended ? 'suspended' : verified ? undefined : 'verification';
    const frame: ServerFrame<'chat_access'> = reason ? { type: 'chat_access', allowed: false, reason } : { type: 'chat_access', allowed: true };
    await app.gateway.sendToUser(userId, frame).catch((err: unknown) => app.log.warn({ err }, 'chat access push failed'));
  });
  const me = (req: FastifyRequest) => req.user!.id;
  const guard = { preValidation: requireChat('read') };
  const writeGuard = { preValidation: requireChat('write') };

  route(app, getChatAccess, { preValidation: requireUser }, async (req) => chat.access(me(req)));

  // MEMBER_LIMITS.chatStart counts only conversations that are new, so opening an old one is free.
  const chatStartLimit = memberLimit(app, 'chatStart');
  route(app, startChat, writeGuard, async (req) => chat.startConversation(me(req), req.body.recipientId, () => chatStartLimit(req)));

  route(app, setChatWindowState, guard, async (req) => chat.setWindowState(me(req), req.params.id, req.body.state));

  route(app, getChatUnreadCount, guard, async (req) => ({ count: await chat.totalUnread(me(req)) }));

  route(app, catchUpMessages, guard, async (req) => chat.catchUp(me(req), req.query.conversationId, req.query.after));

  route(app, listConversations, guard, async (req) => chat.listInbox(me(req), req.query));

  route(app, getConversation, guard, async (req) => chat.getConversation(me(req), req.params.id, req.query));

  route(app, sendMessage, writeGuard, async (req, reply) => {
    const { message, created } = await chat.sendMessage(me(req), req.params.id, req.body);
    return reply.code(created ? 201 : 200).send(message);
  });

  route(app, markConversationRead, guard, async (req) => ({ count: (await chat.markRead(me(req), req.params.id)).count }));

  route(app, markMessageRead, guard, async (req) => chat.markOneRead(me(req), req.params.id, req.params.messageId));

  // Aliases of /api/blocks (modules/blocks, the one place blocks are kept), with the chat's own access
  // rule and its original answer: the block list after the change, as [{id, username}].
  const blockList = async (req: FastifyRequest) => (await blocks.list(me(req))).map(({ id, username }) => ({ id, username }));
  route(app, listBlocks, guard, blockList);
  route(app, blockMember, guard, async (req) => {
    await blocks.block(me(req), req.body.userId);
    return blockList(req);
  });
  route(app, unblockMember, guard, async (req) => {
    await blocks.unblock(me(req), req.params.userId);
    return blockList(req);
  });
};
