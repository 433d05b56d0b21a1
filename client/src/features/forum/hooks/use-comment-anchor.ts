import { useEffect, useState } from 'react';
import { useLocation } from '@/lib/router';

export const HIGHLIGHT_MS = 3000;
/** How many 'Load more' pages to fetch looking for a linked comment before giving up. */
const MAX_PAGES_FOR_ANCHOR = 10;
/**
 * How long a comment that is not on the page yet is waited for. A just-posted comment is asked for the
 * moment the server answers, but joins the page a render later (the cache tells its readers in a task
 * of its own): giving up at once left it off-screen (issue 18).
 */
export const ANCHOR_WAIT_MS = 2000;

export const commentIdFromHash = (hash: string): number | null => {
  const m = /^#comment-(\d{1,12})$/.exec(hash);
  return m ? Number(m[1]) : null;
};

type Options = {
  /** The real comments have loaded (not a placeholder). */
  ready: boolean;
  /** Changes whenever the comments change (their count is enough). */
  version: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
};

/**
 * #comment-{id} (a notification, a shared link) scrolls to that comment once it is on the page and
 * highlights it for a moment, loading further pages of comments if it is not among the first. The
 * same is used to bring a just-posted comment into view.
 */
export function useCommentAnchor({ ready, version, hasMore, loadingMore, loadMore }: Options) {
  const { hash } = useLocation();
  const [target, setTarget] = useState<number | null>(null);
  const [seenHash, setSeenHash] = useState<string | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [pagesTried, setPagesTried] = useState(0);

  // A new hash (first load, or a link to another comment on this page) sets a new target.
  if (hash !== seenHash) {
    setSeenHash(hash);
    const id = commentIdFromHash(hash);
    if (id !== null) {
      setTarget(id);
      setPagesTried(0);
    }
  }

  useEffect(() => {
    if (target === null || !ready) return;
    const el = document.getElementById(`comment-${target}`);
    if (!el) {
      if (hasMore && pagesTried < MAX_PAGES_FOR_ANCHOR) {
        if (!loadingMore) {
          setPagesTried((n) => n + 1);
          loadMore();
        }
        return;
      }
      // Not here (yet): a new version of the comments looks again; after a while it is taken as gone
      // (deleted), and the page stays where it is.
      const giveUp = window.setTimeout(() => setTarget(null), ANCHOR_WAIT_MS);
      return () => window.clearTimeout(giveUp);
    }
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
    el.focus({ preventScroll: true });
    setHighlightId(target);
    setTarget(null);
    // loadMore is a new function each render; the others say when to look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, ready, version, hasMore, loadingMore, pagesTried]);

  useEffect(() => {
    if (highlightId === null) return;
    const t = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(t);
  }, [highlightId]);

  return { highlightId, focusComment: (id: number) => setTarget(id) };
}
