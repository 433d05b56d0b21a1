import { MAINTENANCE_MSG } from '../../../common/rules/maintenance.ts';
import type { ClientFrameType } from '../../../common/ws-events.ts';
import { HttpError } from '../../http-errors.ts';
import { OUT_OF_SPACE_MSG } from '../../plugins/errors.ts';
import type { FrameHandler, Gateway } from '../../realtime/gateway.ts';
import { ChatAccessError, type ChatService } from './service.ts';

/**
 * The chat frames of the socket (docs/API.md "Chat" → socket). Chat access is read from the database
 * at every frame, so an admin's chat suspension stops an open socket at its next send (a suspended
 * member still joins, reads and acknowledges delivery, as the REST reads allow); a frame
 * refused for access is answered with its `error` and then `chat_access {allowed: false, reason}`, so
 * the page learns it from data, not from the wording. Frames to members go to every socket of theirs
 * (the service's `notify` = gateway.sendToUsers, across processes), so join/leave and subscribe_inbox only check
 * and record what the socket shows; `ping` is the gateway's.
 */
export function registerChatSocket(gateway: Gateway, chat: ChatService, appName: string, writable: () => boolean) {
  const joined = new Map<number, Set<number>>();

  /** gateway.on for a chat frame: a refusal for chat access is answered here (send_message's with its clientMessageId). */
  const onChat = <K extends ClientFrameType>(type: K, handler: FrameHandler<K>) =>
    gateway.on(type, async (frame, ctx) => {
      try {
        await handler(frame, ctx);
      } catch (err) {
        if (!(err instanceof ChatAccessError)) throw err;
        const clientMessageId = 'clientMessageId' in frame ? frame.clientMessageId : undefined;
        ctx.send({ type: 'error', message: err.message, ...(clientMessageId ? { clientMessageId } : {}) });
        ctx.send({ type: 'chat_access', allowed: false, reason: err.reason });
      }
    });

  onChat('join_conversation', async (frame, ctx) => {
    await chat.chatConversation(ctx.userId, frame.conversationId);
    let set = joined.get(ctx.id);
    if (!set) joined.set(ctx.id, (set = new Set()));
    set.add(frame.conversationId);
  });
  gateway.on('leave_conversation', (frame, ctx) => {
    joined.get(ctx.id)?.delete(frame.conversationId);
  });
  onChat('subscribe_inbox', async (_frame, ctx) => {
    await chat.loadChatUser(ctx.userId);
  });
  gateway.onDisconnect((ctx) => joined.delete(ctx.id));

  onChat('send_message', async (frame, ctx) => {
    const { clientMessageId, uploadId } = frame;
    // DATA_DIR short of room (issue 29): refused as the REST send's 507 is, before the database.
    if (!writable()) {
      ctx.send({ type: 'error', message: OUT_OF_SPACE_MSG, ...(clientMessageId ? { clientMessageId } : {}) });
      return;
    }
    if (await chat.writesPaused(ctx.userId)) {
      // Not stored: the client keeps it unsent and shows why (as the REST send's 503 would).
      ctx.send({ type: 'error', message: MAINTENANCE_MSG.writesPaused(appName), ...(clientMessageId ? { clientMessageId } : {}) });
      return;
    }
    try {
      // Access, participant, block, rate, clientMessageId and photo checks in one query; the text is checked after access.
      await chat.sendMessage(ctx.userId, frame.conversationId, { text: frame.content, clientMessageId, uploadId });
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500 && !(err instanceof ChatAccessError)) {
        ctx.send({ type: 'error', message: err.message, ...(clientMessageId ? { clientMessageId } : {}) });
        return;
      }
      throw err;
    }
  });

  onChat('message_delivered', async (frame, ctx) => {
    // Access and participant checks inside the update itself.
    await chat.markDelivered(ctx.userId, frame.conversationId, frame.messageIds);
  });

  onChat('mark_read', async (frame, ctx) => {
    await chat.markRead(ctx.userId, frame.conversationId, frame.messageIds, { checkAccess: true });
  });
}
