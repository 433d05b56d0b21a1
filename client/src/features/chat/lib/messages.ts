import type { TUser } from '@common/contracts/auth';
import { CHAT_MSG, MESSAGE_MAX } from '@common/rules/chat';
import type { TPhoto } from '@common/contracts/uploads';
import type { TChatAccessReason } from '../api/types';

// Pure chat helpers (spec §3 Message, §4 Chat window and access, §5 Chat message, §2 Chat title).

export type ChatUser = { id: number; username: string; avatar?: string | null; statusText?: string | null };

export type ChatMessage = {
  id: number | string;
  conversationId: number | string;
  senderId: number | null;
  content: string;
  createdAt: string;
  deliveredAt?: string | null;
  readAt?: string | null;
  clientMessageId?: string | null;
  /** The photo sent with it (the text may then be empty). */
  photo?: TPhoto | null;
  /** Client only: not yet acknowledged by the server. */
  pending?: boolean;
  /** Client only: the last try failed; it is kept and retried. */
  failed?: boolean;
};

export const TEMP_PREFIX = 'temp_';
export const CHAT_TEXT = {
  stillCreating: CHAT_MSG.tempConversation,
  loadErrorTitle: 'Chat Error',
  loadErrorBody: 'Failed to load messages',
  sendErrorTitle: 'Error',
  verifyTitle: 'Chat Requires Verification',
  verifyBody: 'Please verify your email address',
  suspendedTitle: 'Chat Feature Suspended',
  suspendedBody: CHAT_MSG.suspended,
} as const;

export const isTempConversation = (id: number | string | null | undefined) => typeof id === 'string' && id.startsWith(TEMP_PREFIX);

/** Spec §5: trimmed, non-empty, at most 1000 characters. Returns the text to send, or an error. */
export function validateMessage(raw: string, conversationId: number | string): { ok: true; text: string } | { ok: false; error: string | null } {
  if (isTempConversation(conversationId)) return { ok: false, error: CHAT_TEXT.stillCreating };
  const text = raw.trim();
  if (!text) return { ok: false, error: null };
  if (text.length > MESSAGE_MAX) return { ok: false, error: `Messages can be at most ${MESSAGE_MAX} characters.` };
  return { ok: true, text };
}

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  String(a.id) === String(b.id) || (!!a.clientMessageId && a.clientMessageId === b.clientMessageId && a.senderId === b.senderId);

const time = (m: ChatMessage) => Date.parse(m.createdAt) || 0;

/**
 * Merges `incoming` into `current` with no duplicates: the same id, or the same sender's
 * clientMessageId (a pending copy replaced by the server's). The server's copy wins, but a read or
 * delivered time already known is kept. Sorted oldest first; pending ones stay last in send order.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const out = [...current];
  for (const m of incoming) {
    const i = out.findIndex((o) => sameMessage(o, m));
    if (i === -1) out.push(m);
    else {
      const old = out[i]!;
      const server = m.pending ? old : m;
      const other = m.pending ? m : old;
      out[i] = old.pending && !m.pending
        ? { ...m }
        : { ...server, deliveredAt: server.deliveredAt ?? other.deliveredAt ?? null, readAt: server.readAt ?? other.readAt ?? null, pending: server.pending, failed: server.failed };
    }
  }
  return out
    .map((m, idx) => ({ m, idx }))
    .sort((a, b) => Number(!!a.m.pending) - Number(!!b.m.pending) || (a.m.pending ? a.idx - b.idx : time(a.m) - time(b.m) || a.idx - b.idx))
    .map((x) => x.m);
}

/** Applies a message_status frame. */
export function applyStatus(list: readonly ChatMessage[], ids: readonly (number | string)[], deliveredAt?: string | null, readAt?: string | null): ChatMessage[] {
  const set = new Set(ids.map(String));
  return list.map((m) =>
    set.has(String(m.id)) ? { ...m, deliveredAt: m.deliveredAt ?? deliveredAt ?? readAt ?? null, readAt: m.readAt ?? readAt ?? null } : m,
  );
}

export type Tick = 'pending' | 'failed' | 'sent' | 'delivered' | 'read';

/** Spec §4: sent (faint tick), delivered (tick), read (double tick, green). */
export function tickState(m: ChatMessage): Tick {
  if (m.failed) return 'failed';
  if (m.pending) return 'pending';
  if (m.readAt) return 'read';
  if (m.deliveredAt) return 'delivered';
  return 'sent';
}

/** Spec §2: '(n) Kerbside' while chats are unread. */
export function unreadTitle(base: string, unread: number): string {
  const clean = base.replace(/^\(\d+\+?\)\s*/, '');
  return unread > 0 ? `(${unread}) ${clean}` : clean;
}

/** Spec §2: 'N new messages' or 'New message from {name}'. */
export function newMessageToastTitle(count: number, name: string): string {
  return count > 1 ? `${count} new messages` : `New message from ${name}`;
}

/** Badges cap at 99+. */
export const badge = (n: number) => (n > 99 ? '99+' : String(n));

/** Messages from the other member not yet read. */
export const unreadFromOthers = (list: readonly ChatMessage[], me: number) =>
  list.filter((m) => m.senderId !== me && !m.readAt && !m.pending && !isTempId(m.id));

const isTempId = (id: number | string) => typeof id === 'string' && id.startsWith(TEMP_PREFIX);

type AccessFacts = Pick<TUser, 'emailVerified' | 'chatSuspended'>;

/** Spec §4 Chat access, from the signed-in user as the server decides it: verified, chat not suspended. */
export function chatAccessProblem(user: AccessFacts | null | undefined): TChatAccessReason | null {
  if (!user) return null;
  if (!user.emailVerified) return 'verification';
  if (user.chatSuspended) return 'suspended';
  return null;
}

/** The signed-in user as a `chat_access` frame says it is now (the same object when nothing changed). */
export function withChatAccess<U extends AccessFacts>(user: U, frame: { allowed: boolean; reason?: TChatAccessReason }): U {
  const next = frame.allowed
    ? { emailVerified: true, chatSuspended: false }
    : {
        emailVerified: frame.reason === 'verification' ? false : user.emailVerified,
        chatSuspended: frame.reason === 'suspended' ? true : user.chatSuspended,
      };
  return next.emailVerified === user.emailVerified && next.chatSuspended === user.chatSuspended ? user : { ...user, ...next };
}
