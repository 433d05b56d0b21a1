import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { MessageCircle } from 'lucide-react';
import { getSocketClient, useSocketConnection, useSocketEvent, useSocketReconnected } from '@/lib/socket-client';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useConsent } from '@/lib/consent';
import { USER_QUERY_KEY } from '@/lib/auth';
import { notifyPreferencesQueryOptions } from '@/lib/notify-preferences';
import type { TUser } from '@common/contracts/auth';
import { CHAT_MSG } from '@common/rules/chat';
import { CHAT_ACCESS_KEY, CHAT_UNREAD_KEY, chatUnreadQueryOptions, INBOX_ROOT } from '../api/chat-api';
import { receiptsFor } from '../lib/conversation-sync';
import { withNewMessage, withUnreadCount, type InboxPages } from '../lib/inbox-cache';
import { badge, chatAccessProblem, CHAT_TEXT, newMessageToastTitle, unreadTitle, withChatAccess } from '../lib/messages';
import { closeAllWindows, hasWindow, isWindowShown, LARGE_SCREEN_QUERY, openWindow } from '../lib/chat-windows';
import { ChatDock } from './chat-dock';

const largeScreen = () => typeof window.matchMedia === 'function' && window.matchMedia(LARGE_SCREEN_QUERY).matches;

/** Spec §2: a browser notification (if permission granted) closes after 5 s. */
export const NOTIFICATION_CLOSE_MS = 5000;
const TOAST_MS = 5000;

/** Spec §2: '(n) Kerbside' while chats are unread; re-applied when a page sets its own title. */
function useUnreadTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = unreadTitle(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const obs = new MutationObserver(apply);
    obs.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      obs.disconnect();
      const plain = unreadTitle(document.title, 0);
      if (plain !== document.title) document.title = plain;
    };
  }, [count]);
}

/**
 * The chat of a signed-in member outside the inbox page (lazy, members only): the header's inbox
 * icon with its unread badge (polled 5 s until refused, live over the socket), the page title, the
 * new-message toast and browser notification, and the floating windows of large screens.
 */
export function ChatCenter({ userId, className }: { userId: number; className?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Spec §3 Cookie preferences: 'Functional (enables live chat)'. The floating chat windows are that
  // optional live chat, so they run only once the member has switched Functional on
  // (consent?.functional === true); before any choice (null) or with it off they stay off, and the
  // Message button goes to /inbox/{id}. The header's badge, the toast, the title and /inbox keep
  // working regardless: they are the messaging service the member signed up for, not an extra.
  const floating = useConsent()?.functional === true;
  useSocketConnection(userId);
  const q = useQuery(chatUnreadQueryOptions());
  const count = q.data?.count ?? 0;
  useUnreadTitle(count);

  // The member's chat/site switch (docs/API.md "Notification preferences"): off, a new message updates
  // the badge and the inbox but shows no toast or browser notification. Until it has loaded (or if it
  // cannot be read), the default: on.
  const prefs = useQuery({ ...notifyPreferencesQueryOptions(), retry: false });
  const chatOnSite = prefs.data?.chat.site !== false;

  const viewing = /^\/inbox\/([^/]+)/.exec(pathname)?.[1];
  const burst = useRef<{ n: number; until: number }>({ n: 0, until: 0 });

  // Each message changes the cached inbox from its frames (no refetch, unless its conversation is not
  // loaded yet); the counts come with the inbox_update that follows every message and read.
  useSocketEvent('inbox_update', (frame) => {
    queryClient.setQueryData(CHAT_UNREAD_KEY, { count: frame.totalUnread });
    queryClient.setQueryData<InboxPages>(INBOX_ROOT, (data) => data && withUnreadCount(data, frame.conversationId, frame.unreadCount));
  });

  useSocketEvent('new_message', (frame) => {
    const inbox = queryClient.getQueryData<InboxPages>(INBOX_ROOT);
    const next = inbox && withNewMessage(inbox, frame.conversationId, frame.message);
    if (next) queryClient.setQueryData(INBOX_ROOT, next);
    else if (inbox) void queryClient.invalidateQueries({ queryKey: INBOX_ROOT, exact: true });
    if (frame.message.senderId === userId) return;
    // This client has it (issue 5): the open conversation reports it through the same receipts, once.
    if (!frame.message.deliveredAt) receiptsFor(getSocketClient()).delivered(frame.conversationId, [frame.message.id]);
    const hidden = document.visibilityState === 'hidden';
    const id = String(frame.conversationId);
    const windows = floating && largeScreen();
    // Shown already (its window open, not minimized, or its /inbox/{id} page), on a visible page: no toast.
    const shown = viewing === id || (windows && isWindowShown(id));
    // Spec §2: on large screens an incoming message opens its floating window (a minimized one stays minimized).
    if (windows && viewing !== id && !hasWindow(id)) openWindow(id);
    if ((!hidden && shown) || !chatOnSite) return;
    const now = Date.now();
    burst.current = now < burst.current.until ? { n: burst.current.n + 1, until: now + TOAST_MS } : { n: 1, until: now + TOAST_MS };
    const title = newMessageToastTitle(burst.current.n, frame.senderName);
    // A photo sent alone has no text: say what it is, as its push does.
    const text = frame.message.content.slice(0, 120) || (frame.message.photo ? CHAT_MSG.photoOnly : '');
    toast({ title, description: burst.current.n > 1 ? undefined : text, duration: TOAST_MS });
    if (hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const n = new Notification(title, { body: text, tag: `chat-${frame.conversationId}` });
        n.onclick = () => {
          window.focus();
          void navigate(`/inbox/${id}`);
          n.close();
        };
        setTimeout(() => n.close(), NOTIFICATION_CLOSE_MS);
      } catch {
        // Some mobile browsers only allow notifications from a service worker.
      }
    }
  });

  useSocketReconnected(() => void queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY }));

  // Chat access changed (an admin suspended or restored it, or a chat frame was refused for it): the
  // signed-in user the access gate reads is updated, and a new suspension gets spec §4's toast at once.
  // On /inbox the gate shows the suspension card instead. The chat's reads are asked again: a poll
  // stopped by a refusal resumes (chat-api.ts), and the card reads the suspension's reason afresh.
  useSocketEvent('chat_access', (frame) => {
    const user = queryClient.getQueryData<TUser | null>(USER_QUERY_KEY);
    if (!user) return;
    const next = withChatAccess(user, frame);
    if (next === user) return;
    queryClient.setQueryData(USER_QUERY_KEY, next);
    for (const queryKey of [CHAT_ACCESS_KEY, CHAT_UNREAD_KEY, INBOX_ROOT]) void queryClient.invalidateQueries({ queryKey });
    const suspendedNow = chatAccessProblem(next) === 'suspended' && chatAccessProblem(user) !== 'suspended';
    if (suspendedNow && !pathname.startsWith('/inbox')) toast({ title: CHAT_TEXT.suspendedTitle, description: CHAT_TEXT.suspendedBody, variant: 'destructive' });
  });

  // Windows belong to this member: gone on sign-out.
  useEffect(() => () => closeAllWindows(), [userId]);

  return (
    <>
      <Link
        to="/inbox"
        className={cn('relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-bar-muted hover:bg-white/10 hover:text-white', className)}
        aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}
      >
        <MessageCircle aria-hidden="true" className="size-6" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-400 px-1 text-xs leading-none font-bold text-on-accent ring-2 ring-bar"
          >
            {badge(count)}
          </span>
        )}
      </Link>
      {floating && createPortal(<ChatDock me={userId} hiddenId={viewing} />, document.body)}
    </>
  );
}
