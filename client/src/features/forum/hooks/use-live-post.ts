import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TComment, TPostDetail } from '@common/contracts/forum';
import { LIVE_GUEST_POLL_MS } from '@common/rules/live';
import { listComments } from '@endpoints/forum';
import { call } from '@/lib/api-client';
import { applyLiveComments } from '../api/comments';
import { updatePostDetail } from '../api/get-post';
import { patchForumQueries, patchPostIn } from '../lib/cache-patch';
import { applyLiveFrame, LIVE_FRAME_TYPES, nextPending, type LiveEffect, type LiveFrame } from '../lib/live-post';

declare global {
  interface Window {
    /** Tests only (see guestPollMs): the guest poll's interval in ms. */
    __kerbsideLivePollMs?: number;
  }
}

/**
 * The guest poll's interval. A browser driven by automation (navigator.webdriver, which Playwright
 * sets) may shorten it with window.__kerbsideLivePollMs so a test need not wait 30 s; everyone else
 * polls every LIVE_GUEST_POLL_MS, whatever a page script sets.
 */
export function guestPollMs(): number {
  const wanted = typeof window === 'undefined' ? undefined : window.__kerbsideLivePollMs;
  const automated = typeof navigator !== 'undefined' && navigator.webdriver === true;
  return automated && typeof wanted === 'number' && wanted >= 100 ? wanted : LIVE_GUEST_POLL_MS;
}

export type LivePost = {
  /** 'live': the socket follows the post; 'polling': a guest's page asks every so often; 'off': neither yet. */
  status: 'off' | 'live' | 'polling';
  /** New comments from others, held back so the page does not jump. */
  newCount: number;
  /** Shows them; returns the first one's id (to scroll to), if any. */
  reveal: () => number | undefined;
};

/**
 * Live threads on the post page (docs/API.md "Live threads"). A member's socket follows the post
 * while the page is open (again after every reconnect, catching up on comments missed meanwhile) and
 * lets go on leave; counts, edits and deletions apply in place; others' new comments wait behind the
 * pill, the member's own (from this or another tab) show at once. A guest has no socket: the page
 * asks for comments after the newest it has every 30 s while the tab is visible. The socket client
 * is loaded only for members, so a guest's page does not carry it.
 */
export function useLivePost(post: TPostDetail, user: { id: number; username: string } | null | undefined, ready: boolean): LivePost {
  const queryClient = useQueryClient();
  const postId = post.id;
  const userId = user?.id;
  const [pending, setPending] = useState<{ postId: number; comments: readonly TComment[] }>({ postId, comments: [] });
  const [status, setStatus] = useState<LivePost['status']>('off');
  // Another post on the same page component: start afresh.
  const held = pending.postId === postId ? pending.comments : [];

  // The latest values, for handlers registered once per post.
  const latest = useRef({ post, held, username: user?.username });
  useEffect(() => {
    latest.current = { post, held, username: user?.username };
  });

  const onEffect = useCallback(
    (effect: LiveEffect) => {
      if (!effect) return;
      if (effect.kind === 'subscribed') return setStatus('live');
      // The reader's own comment (posted here or in another tab) shows at once, as it always has.
      if (effect.kind === 'new' && effect.comment.author && effect.comment.author.username === latest.current.username) {
        applyLiveComments(queryClient, postId, [effect.comment]);
        return;
      }
      const onPage = (id: number) => latest.current.post.comments.some((c) => c.id === id);
      setPending((cur) => {
        const base = cur.postId === postId ? cur.comments : [];
        const next = nextPending(base, effect, onPage);
        return next === base && cur.postId === postId ? cur : { postId, comments: next };
      });
    },
    [queryClient, postId],
  );

  /** Comments after the newest this page knows (shown or held), as a guest's poll and a reconnect ask. */
  const catchUp = useCallback(async () => {
    const { post: current, held: waiting } = latest.current;
    // With older comments still to page in, "after the last one shown" would be those: the newest
    // arrive with 'Load more' instead.
    if (current.hasMoreComments) return;
    const last = waiting.at(-1) ?? current.comments.at(-1);
    let page;
    try {
      page = await call(listComments, { params: { id: postId }, query: last ? { after: last.id } : {} });
    } catch {
      return; // no signal: the next round tries again
    }
    const known = new Set([...latest.current.post.comments, ...latest.current.held].map((c) => c.id));
    const fresh = page.comments.filter((c) => !known.has(c.id) && !c.isDeleted);
    if (fresh.length === 0) return;
    let count: number | undefined;
    updatePostDetail(queryClient, postId, (p) => ({ ...p, commentCount: (count = p.commentCount + fresh.length) }));
    if (count !== undefined) {
      const commentCount = count;
      patchForumQueries(queryClient, (data) => patchPostIn(data, postId, { commentCount }));
    }
    for (const comment of fresh) onEffect({ kind: 'new', comment });
  }, [queryClient, postId, onEffect]);

  // A member: follow the post on the shared socket.
  useEffect(() => {
    if (!ready || userId === undefined) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('@/lib/socket-client').then(({ getSocketClient, retainSocket }) => {
      if (left) return;
      const client = getSocketClient();
      const release = retainSocket(userId, client);
      const subscribe = () => client.send('subscribe_post', { postId });
      const offs = LIVE_FRAME_TYPES.map((type) =>
        client.subscribe(type, (frame) => {
          const f = frame as LiveFrame;
          if (f.postId === postId) onEffect(applyLiveFrame(queryClient, f));
        }),
      );
      // Every (re)open: the server forgot this socket's posts with the old connection.
      const offState = client.onStateChange(() => {
        if (client.getState() === 'open') subscribe();
        else setStatus('off');
      });
      const offReconnected = client.onReconnected(() => void catchUp());
      if (client.getState() === 'open') subscribe();
      stop = () => {
        client.send('unsubscribe_post', { postId });
        for (const off of offs) off();
        offState();
        offReconnected();
        release();
      };
    });
    return () => {
      left = true;
      stop?.();
      setStatus('off');
    };
  }, [ready, userId, postId, queryClient, onEffect, catchUp]);

  // A guest: ask every so often while the tab is visible.
  useEffect(() => {
    if (!ready || userId !== undefined) return;
    setStatus('polling');
    const tick = () => {
      if (document.visibilityState !== 'hidden') void catchUp();
    };
    const timer = window.setInterval(tick, guestPollMs());
    return () => {
      window.clearInterval(timer);
      setStatus('off');
    };
  }, [ready, userId, catchUp]);

  const reveal = useCallback(() => {
    const shown = latest.current.held;
    if (shown.length === 0) return undefined;
    applyLiveComments(queryClient, postId, shown);
    setPending({ postId, comments: [] });
    return shown[0].id;
  }, [queryClient, postId]);

  return { status, newCount: held.length, reveal };
}
