import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBlockList,
  ZBlockRequest,
  ZCatchUpQuery,
  ZCatchUpResponse,
  ZChatMessage,
  ZConversation,
  ZConversationQuery,
  ZInboxList,
  ZInboxQuery,
  ZMarkReadResponse,
  ZSendMessageRequest,
  ZStartChatRequest,
  ZStartChatResponse,
  ZUnreadCount,
  ZWindowStateRequest,
  ZWindowStateResponse,
} from '../../../common/contracts/chat.ts';
import type { ServerFrame } from '../../../common/ws-events.ts';
import type { Db } from '../../db/client.ts';
import type { Events } from '../../events.ts';
import { unauthorized } from '../../http-errors.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import * as chat from './service.ts';
import { registerChatSocket, type MaintenanceSwitch } from './socket.ts';

const ZId = z.coerce.number().int().positive();
const ZConvParams = z.object({ id: ZId });
const ZMessageParams = z.object({ id: ZId, messageId: ZId });
const ZUserParams = z.object({ userId: ZId });

/** Guest 401; unverified or chat-suspended 403 (spec §4 Chat access). The session plugin read the user afresh. */
async function requireChat(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  chat.assertChatAccess(req.user);
}

/**
 * Chat and inbox (docs/API.md "Chat"). Registered after the realtime plugin: sends and reads reach
 * both members' sockets through `app.gateway`, and the chat socket frames are handled here too.
 */
export const chatRoutes: FastifyPluginAsync<{ db: Db; appName: string; events: Events; maintenance: MaintenanceSwitch }> = async (
  base,
  { db, appName, events, maintenance },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const notify: chat.Notify = base.hasDecorator('gateway') ? (frames) => base.gateway.sendToUsers(frames) : async () => undefined;
  if (base.hasDecorator('gateway')) {
    registerChatSocket(base.gateway, db, notify, appName, maintenance);
    // Spec §4: an open page shows 'Chat Feature Suspended' (or its lifting) at once; a failed push is only logged.
    events.on('member.chat_access_changed', async ({ userId, chatSuspended, verified }) => {
      const reason = chatSuspended ? 'suspended' : verified ? undefined : 'verification';
      const frame: ServerFrame<'chat_access'> = reason ? { type: 'chat_access', allowed: false, reason } : { type: 'chat_access', allowed: true };
      await base.gateway.sendToUser(userId, frame).catch((err: unknown) => base.log.warn({ err }, 'chat access push failed'));
    });
  }
  const me = (req: FastifyRequest) => req.user!.id;
  const guard = { preValidation: requireChat };

  // MEMBER_LIMITS.chatStart counts only conversations that are new, so opening an old one is free.
  const chatStartLimit = memberLimit(base, 'chatStart');
  app.post('/api/chat/start', { ...guard, schema: { body: ZStartChatRequest, response: { 200: ZStartChatResponse } } }, async (req) =>
    chat.startConversation(db, me(req), req.body.recipientId, () => chatStartLimit(req)),
  );

  app.put(
    '/api/chat/conversation/:id/state',
    { ...guard, schema: { params: ZConvParams, body: ZWindowStateRequest, response: { 200: ZWindowStateResponse } } },
    async (req) => chat.setWindowState(db, me(req), req.params.id, req.body.state),
  );

  app.get('/api/chat/unread-count', { ...guard, schema: { response: { 200: ZUnreadCount } } }, async (req) => ({
    count: await chat.totalUnread(db, me(req)),
  }));

  app.get('/api/chat/messages', { ...guard, schema: { querystring: ZCatchUpQuery, response: { 200: ZCatchUpResponse } } }, async (req) =>
    chat.catchUp(db, me(req), req.query.conversationId, req.query.after),
  );

  app.get('/api/inbox/conversations', { ...guard, schema: { querystring: ZInboxQuery, response: { 200: ZInboxList } } }, async (req) =>
    chat.listInbox(db, me(req), req.query),
  );

  app.get(
    '/api/inbox/conversations/:id',
    { ...guard, schema: { params: ZConvParams, querystring: ZConversationQuery, response: { 200: ZConversation } } },
    async (req) => chat.getConversation(db, me(req), req.params.id, req.query),
  );

  app.post(
    '/api/inbox/conversations/:id/messages',
    { ...guard, schema: { params: ZConvParams, body: ZSendMessageRequest, response: { 200: ZChatMessage, 201: ZChatMessage } } },
    async (req, reply) => {
      const { message, created } = await chat.sendMessage(db, notify, me(req), req.params.id, req.body.text, req.body.clientMessageId);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.put(
    '/api/inbox/conversations/:id/read',
    { ...guard, schema: { params: ZConvParams, response: { 200: ZMarkReadResponse } } },
    async (req) => ({ count: (await chat.markRead(db, notify, me(req), req.params.id)).count }),
  );

  app.put(
    '/api/inbox/conversations/:id/messages/:messageId/read',
    { ...guard, schema: { params: ZMessageParams, response: { 200: ZChatMessage } } },
    async (req) => chat.markOneRead(db, notify, me(req), req.params.id, req.params.messageId),
  );

  app.get('/api/chat/blocks', { ...guard, schema: { response: { 200: ZBlockList } } }, async (req) => chat.listBlocks(db, me(req)));
  app.post('/api/chat/blocks', { ...guard, schema: { body: ZBlockRequest, response: { 200: ZBlockList } } }, async (req) =>
    chat.block(db, me(req), req.body.userId),
  );
  app.delete('/api/chat/blocks/:userId', { ...guard, schema: { params: ZUserParams, response: { 200: ZBlockList } } }, async (req) =>
    chat.unblock(db, me(req), req.params.userId),
  );
};
