import type { Core } from '../../core.ts';
import type { Tx } from '../../db/client.ts';
import { wantsNotification } from '../../identity/index.ts';
import type { PushMessage, PushSendOptions, SendToDevices } from '../push/index.ts';
import type { Presence } from './presence.ts';

// A chat message also goes to the recipient's devices (Web Push) when they have no open socket
// anywhere: one with the site open hears of it there, and only when their chat push switch is on
// (docs/API.md "Notification preferences"). The send queues a `chat.push` job in the transaction that
// stores the message (the outbox, issue 29: a crash after the answer still pushes), and the checks and
// the push run in the job, so the sender never waits on another process's answer or a push service.

/** Characters of the message a notification shows; the inbox has the rest. */
export const CHAT_PUSH_BODY_MAX = 140;

type NewMessage = { recipientId: number; conversationId: number; senderName: string; text: string };
/**
 * What the chat service reports of each new message (not of a retried one: that was reported once), in
 * the transaction that stores it.
 */
export type NewMessageAlert = (tx: Tx, m: NewMessage) => Promise<void>;

/** Held by the push service for an hour at most: a chat message older than that is stale on a lock screen. */
export const CHAT_PUSH_OPTIONS: PushSendOptions = { urgency: 'high', ttlSeconds: 3600 };

/**
 * The notification: who wrote, what (cut to CHAT_PUSH_BODY_MAX on a word where it can), the
 * conversation it opens, and one tag per conversation so its notifications replace each other.
 */
export function chatPushMessage(m: { conversationId: number; senderName: string; text: string }): PushMessage {
  const text = m.text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  let body = text;
  if (chars.length > CHAT_PUSH_BODY_MAX) {
    const head = chars.slice(0, CHAT_PUSH_BODY_MAX - 1).join('');
    const space = head.lastIndexOf(' ');
    body = `${(space > CHAT_PUSH_BODY_MAX / 2 ? head.slice(0, space) : head).trimEnd()}…`;
  }
  return { title: `New message from ${m.senderName}`, body, url: `/inbox/${m.conversationId}`, tag: `conversation:${m.conversationId}` };
}

export function createChatPush({
  db,
  jobs,
  presence,
  sendToDevices,
}: {
  db: Core['db'];
  jobs: Core['jobs'];
  presence: Pick<Presence, 'online'>;
  /** The push service's sendToUser. */
  sendToDevices: SendToDevices;
}) {
  jobs.define<NewMessage>('chat.push', async (m) => {
    if ((await presence.online([m.recipientId])).has(m.recipientId)) return;
    if (!(await wantsNotification(db, [m.recipientId], 'chat', 'push')).has(m.recipientId)) return;
    await sendToDevices(m.recipientId, chatPushMessage(m), CHAT_PUSH_OPTIONS);
  });
  const newMessage: NewMessageAlert = (tx, m) => jobs.enqueue(tx, 'chat.push', m);
  return { newMessage };
}
export type ChatPush = ReturnType<typeof createChatPush>;
