import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { Maximize2, Minus, X } from 'lucide-react';
import { AvatarIcon } from '@/components/ui/avatar-icon';
import { conversationQueryOptions, inboxQueryOptions, setWindowState } from '../api/chat-api';
import { badge } from '../lib/messages';
import {
  closeWindow,
  getWindows,
  LARGE_SCREEN_QUERY,
  OPEN_CHAT_EVENT,
  openWindow,
  restoreWindows,
  subscribeWindows,
  toggleMinimized,
  type ChatWindow,
} from '../lib/chat-windows';
import { ConversationView } from './conversation-view';

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(LARGE_SCREEN_QUERY) : null);

function useLargeScreen(): boolean {
  return useSyncExternalStore(
    (l) => {
      const m = media();
      m?.addEventListener('change', l);
      return () => m?.removeEventListener('change', l);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}

const iconButton = 'inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/15';

function ChatWindowView({ w, me }: { w: ChatWindow; me: number }) {
  const q = useQuery({ ...conversationQueryOptions(w.conversationId), refetchInterval: w.minimized ? 5000 : false });
  const name = q.data?.otherUser.username ?? 'Conversation';
  const unread = q.data?.unreadCount ?? 0;
  const minimize = () => {
    toggleMinimized(w.conversationId);
    void setWindowState(w.conversationId, w.minimized ? 'open' : 'minimized').catch(() => undefined);
  };
  const close = () => {
    closeWindow(w.conversationId);
    void setWindowState(w.conversationId, 'closed').catch(() => undefined);
  };
  return (
    <section
      aria-label={`Chat with ${name}`}
      className="pointer-events-auto flex w-80 flex-col overflow-hidden rounded-t-xl border border-slate-300 bg-card shadow-xl"
    >
      <header className="flex items-center gap-2 bg-bar px-2 text-white">
        {q.data && <AvatarIcon avatar={q.data.otherUser.avatar} size="sm" decorative />}
        <button type="button" className="min-h-11 min-w-0 flex-1 text-left font-semibold" onClick={minimize}>
          {name}
        </button>
        {w.minimized && unread > 0 && (
          <span className="rounded-full bg-accent-400 px-1.5 text-xs font-bold text-on-accent" aria-label={`${unread} unread`}>
            {badge(unread)}
          </span>
        )}
        <Link to={`/inbox/${w.conversationId}`} className={iconButton} aria-label="Open in inbox">
          <Maximize2 aria-hidden="true" className="size-4" />
        </Link>
        <button type="button" className={iconButton} onClick={minimize} aria-label={w.minimized ? 'Restore chat' : 'Minimize chat'}>
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={iconButton} onClick={close} aria-label="Close chat">
          <X aria-hidden="true" className="size-4" />
        </button>
      </header>
      {/* Kept mounted while minimized so sends in flight and the draft carry on. */}
      <div className={w.minimized ? 'hidden' : 'flex h-96 flex-col'}>
        <ConversationView conversationId={w.conversationId} me={me} active={!w.minimized} showHeader={false} className="flex min-h-0 flex-1 flex-col" />
      </div>
    </section>
  );
}

/** Spec §2: floating windows on large screens only (minimizable, closable, stacked). */
export function ChatDock({ me, hiddenId }: { me: number; hiddenId?: string }) {
  const large = useLargeScreen();
  const list = useSyncExternalStore(subscribeWindows, getWindows, getWindows);
  const queryClient = useQueryClient();
  const restored = useRef(false);

  // After a reload (or once the screen is large): the windows the server has open or minimized.
  useEffect(() => {
    if (!large || restored.current) return;
    restored.current = true;
    queryClient
      .fetchInfiniteQuery(inboxQueryOptions())
      .then((data) => restoreWindows(data.pages[0] ?? []))
      .catch(() => undefined);
  }, [large, queryClient]);

  useEffect(() => {
    const onOpen = (e: Event) => {
      const id = (e as CustomEvent<{ conversationId?: string | number }>).detail?.conversationId;
      if (id === undefined || !media()?.matches) return;
      e.preventDefault();
      openWindow(id);
      void setWindowState(id, 'open').catch(() => undefined);
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, []);

  if (!large) return null;
  const shown = list.filter((w) => w.conversationId !== hiddenId);
  if (shown.length === 0) return null;
  return (
    <div className="pointer-events-none fixed right-4 bottom-0 z-40 flex flex-row-reverse items-end gap-3">
      {shown.map((w) => (
        <ChatWindowView key={w.conversationId} w={w} me={me} />
      ))}
    </div>
  );
}
