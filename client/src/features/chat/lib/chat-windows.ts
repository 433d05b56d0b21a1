// The floating chat windows of large screens (spec §2, §4 Chat window): which are open, which
// minimized, newest first. A tiny external store so any chat component (and the Message button,
// through a window event) can open one.

export type ChatWindow = { conversationId: string; minimized: boolean };

/** Dispatched on window by the Message button; the dock cancels it when it opened the window. */
export const OPEN_CHAT_EVENT = 'kerbside:open-chat';
/** At most this many windows; the oldest closes to make room. */
export const MAX_WINDOWS = 3;
export const LARGE_SCREEN_QUERY = '(min-width: 1024px)';

let windows: ChatWindow[] = [];
const listeners = new Set<() => void>();
const emit = (next: ChatWindow[]) => {
  windows = next;
  for (const l of [...listeners]) l();
};

export const getWindows = () => windows;
export function subscribeWindows(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

export function openWindow(conversationId: string | number): void {
  const id = String(conversationId);
  emit([{ conversationId: id, minimized: false }, ...windows.filter((w) => w.conversationId !== id)].slice(0, MAX_WINDOWS));
}
export function toggleMinimized(conversationId: string): void {
  emit(windows.map((w) => (w.conversationId === conversationId ? { ...w, minimized: !w.minimized } : w)));
}
export function closeWindow(conversationId: string): void {
  emit(windows.filter((w) => w.conversationId !== conversationId));
}
export function closeAllWindows(): void {
  emit([]);
}

/**
 * After a reload: the windows the server has as open or minimized (spec §4 Chat window state, per
 * member), most recent first, at most MAX_WINDOWS; closed ones stay closed. Windows opened meanwhile
 * (a message that came in first) are kept in front.
 */
export function restoreWindows(items: readonly { id: number | string; state: 'open' | 'minimized' | 'closed' }[]): void {
  const saved = items.filter((i) => i.state !== 'closed').map((i) => ({ conversationId: String(i.id), minimized: i.state === 'minimized' }));
  const ids = new Set(windows.map((w) => w.conversationId));
  emit([...windows, ...saved.filter((w) => !ids.has(w.conversationId))].slice(0, MAX_WINDOWS));
}

/** The window of this conversation is open and not minimized. */
export const isWindowShown = (conversationId: string | number) => windows.some((w) => w.conversationId === String(conversationId) && !w.minimized);
export const hasWindow = (conversationId: string | number) => windows.some((w) => w.conversationId === String(conversationId));
