import type { TPhoto } from '@common/contracts/uploads';

// Unacknowledged sends and unsent drafts live in localStorage so nothing written is ever lost
// (a reload, a dropped signal, a closed tab). Storage that fails behaves as empty.

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

const OUTBOX_KEY = 'chat:outbox';
const DRAFT_PREFIX = 'chat:draft:';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Full or blocked.
  }
}

export function loadOutbox(): OutboxItem[] {
  try {
    const v = JSON.parse(read(OUTBOX_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as OutboxItem[]).filter((i) => i && typeof i.clientMessageId === 'string') : [];
  } catch {
    return [];
  }
}

export function addToOutbox(item: OutboxItem): void {
  const list = loadOutbox().filter((i) => i.clientMessageId !== item.clientMessageId);
  write(OUTBOX_KEY, JSON.stringify([...list, item]));
}

export function removeFromOutbox(clientMessageIds: readonly string[]): void {
  if (clientMessageIds.length === 0) return;
  const drop = new Set(clientMessageIds);
  const list = loadOutbox();
  const next = list.filter((i) => !drop.has(i.clientMessageId));
  if (next.length !== list.length) write(OUTBOX_KEY, next.length ? JSON.stringify(next) : null);
}

export const outboxFor = (conversationId: number | string) => loadOutbox().filter((i) => i.conversationId === String(conversationId));

export const loadDraft = (conversationId: number | string) => read(DRAFT_PREFIX + String(conversationId)) ?? '';
export const saveDraft = (conversationId: number | string, text: string) => write(DRAFT_PREFIX + String(conversationId), text ? text : null);
