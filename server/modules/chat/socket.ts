import { eq } from 'drizzle-orm';
import { MAINTENANCE_MSG } from '../../../common/contracts/maintenance.ts';
import type { ClientFrameType } from '../../../common/ws-events.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-errors.ts';
import type { FrameHandler, Gateway } from '../../realtime/gateway.ts';
import * as chat from './service.ts';

/** What the socket reads of the maintenance switch (buildApp passes the app's maintenance service). */
export type MaintenanceSwitch = { cached(): Promise<{ maintenanceMode: boolean }> };

/** Maintenance pauses members' writes (REST answers 503); a socket send is a write too. Admins pass. */
async function pausedForMaintenance(db: Db, maintenance: MaintenanceSwitch, userId: number): Promise<boolean> {
  if (!(await maintenance.cached()).maintenanceMode) return false;
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return !row?.isAdmin;
}

/**
 * The chat frames of the socket (docs/API.md "Chat" → socket). Chat access is read from the database
 * at every frame, so an admin's chat suspension stops an open socket at its next chat frame; a frame
 * refused for access is answered with its `error` and then `chat_access {allowed: false, reason}`, so
 * the page learns it from data, not from the wording. Frames to members go to every socket of theirs
 * (`notify` = gateway.sendToUsers, across processes), so join/leave and subscribe_inbox only check
 * and record what the socket shows; `ping` is the gateway's.
 */
export function registerChatSocket(gateway: Gateway, db: Db, notify: chat.Notify, appName: string, maintenance: MaintenanceSwitch) {
  const joined = new Map<number, Set<number>>();

  /** gateway.on for a chat frame: a refusal for chat access is answered here (send_message's with its clientMessageId). */
  const onChat = <K extends ClientFrameType>(type: K, handler: FrameHandler<K>) =>
    gateway.on(type, async (frame, ctx) => {
      try {
        await handler(frame, ctx);
      } catch (err) {
        if (!(err instanceof chat.ChatAccessError)) throw err;
        const clientMessageId = 'clientMessageId' in frame ? frame.clientMessageId : undefined;
        ctx.send({ type: 'error', message: err.message, ...(clientMessageId ? { clientMessageId } : {}) });
        ctx.send({ type: 'chat_access', allowed: false, reason: err.reason });
      }
    });

  onChat('join_conversation', async (frame, ctx) => {
    await chat.chatConversation(db, ctx.userId, frame.conversationId);
    let set = joined.get(ctx.id);
    if (!set) joined.set(ctx.id, (set = new Set()));
    set.add(frame.conversationId);
  });
  gateway.on('leave_conversation', (frame, ctx) => {
    joined.get(ctx.id)?.delete(frame.conversationId);
  });
  onChat('subscribe_inbox', async (_frame, ctx) => {
    await chat.loadChatUser(db, ctx.userId);
  });
  gateway.onDisconnect((ctx) => joined.delete(ctx.id));

  onChat('send_message', async (frame, ctx) => {
    const { clientMessageId } = frame;
    if (await pausedForMaintenance(db, maintenance, ctx.userId)) {
      // Not stored: the client keeps it unsent and shows why (as the REST send's 503 would).
      ctx.send({ type: 'error', message: MAINTENANCE_MSG.writesPaused(appName), ...(clientMessageId ? { clientMessageId } : {}) });
      return;
    }
    try {
      // Access, participant, block, rate and clientMessageId checks in one query; the text is checked after access.
      await chat.sendMessage(db, notify, ctx.userId, frame.conversationId, frame.content, clientMessageId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500 && !(err instanceof chat.ChatAccessError)) {
        ctx.send({ type: 'error', message: err.message, ...(clientMessageId ? { clientMessageId } : {}) });
        return;
      }
      throw err;
    }
  });

  onChat('message_delivered', async (frame, ctx) => {
    // Access and participant checks inside the update itself.
    await chat.markDelivered(db, notify, ctx.userId, frame.conversationId, frame.messageIds);
  });

  onChat('mark_read', async (frame, ctx) => {
    await chat.markRead(db, notify, ctx.userId, frame.conversationId, frame.messageIds, { checkAccess: true });
  });
}
