import type { TPhoto } from '@common/contracts/uploads';
import { memberStorage } from '@/lib/storage';

// Unacknowledged sends and unsent drafts live in localStorage so nothing written is ever lost
// (a reload, a dropped signal, a closed tab). Storage that fails behaves as empty. Both are kept per
// member (lib/storage.ts memberStorage): on a shared phone another member never sees nor sends them,
// and signing out forgets them (lib/session-end.ts).

export type OutboxItem = {
  conversationId: string;
  clientMessageId: string;
  content: string;
  createdAt: string;
  senderId: number;
  /** The photo sent with it (already uploaded): every resend carries it. */
  uploadId?: string;
  /** How the pending message shows that photo until the server's copy arrives. */
  photo?: TPhoto;
};

const OUTBOX = 'chat-outbox';
const draftName = (conversationId: number | string) => `chat-draft:${String(conversationId)}`;

/** The sends of member `me` still waiting for their receipt. */
export function loadOutbox(me: number): OutboxItem[] {
  try {
    const v = JSON.parse(memberStorage.get(OUTBOX, me) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as OutboxItem[]).filter((i) => i && typeof i.clientMessageId === 'string') : [];
  } catch {
    return [];
  }
}

/** Kept in its sender's outbox. */
export function addToOutbox(item: OutboxItem): void {
  const list = loadOutbox(item.senderId).filter((i) => i.clientMessageId !== item.clientMessageId);
  memberStorage.set(OUTBOX, JSON.stringify([...list, item]), item.senderId);
}

export function removeFromOutbox(me: number, clientMessageIds: readonly string[]): void {
  if (clientMessageIds.length === 0) return;
  const drop = new Set(clientMessageIds);
  const list = loadOutbox(me);
  const next = list.filter((i) => !drop.has(i.clientMessageId));
  if (next.length === list.length) return;
  if (next.length) memberStorage.set(OUTBOX, JSON.stringify(next), me);
  else memberStorage.remove(OUTBOX, me);
}

export const outboxFor = (me: number, conversationId: number | string) => loadOutbox(me).filter((i) => i.conversationId === String(conversationId));

/** The signed-in member's unsent text in a conversation ('' when none). */
export const loadDraft = (conversationId: number | string) => memberStorage.get(draftName(conversationId)) ?? '';
export const saveDraft = (conversationId: number | string, text: string) =>
  text ? memberStorage.set(draftName(conversationId), text) : memberStorage.remove(draftName(conversationId));
