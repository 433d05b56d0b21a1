import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TShareEvent, TShareResponse } from '@common/contracts/forum-engagement';
import { sharePost } from '@endpoints/forum-engagement';
import { call } from '@/lib/api-client';
import { copyText } from '@/lib/keep';
import { PRODUCT_NAME } from '@/lib/config';
import { trackAction } from '@/lib/track';
import { toast } from '@/components/ui/toast';
import { patchForumQueries, patchPostIn } from '../lib/cache-patch';
import { buildShareEvent, buildShareLinks, type SharePlatform, type SharePost } from '../lib/share-links';

/** Spec §2: how long the Copy Link item says 'Copied'. */
export const COPIED_MS = 2000;

/** Spec §7: records a share attempt. Its failures never reach the reader (console only). */
export async function recordShare(event: TShareEvent): Promise<TShareResponse | undefined> {
  try {
    // keepalive: the mail app or a new tab may take the page away before the answer comes.
    return await call(sharePost, { body: event }, { keepalive: true });
  } catch (err) {
    console.warn('Failed to record share', err);
    return undefined;
  }
}

export const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

// Not `instanceof Error`: a DOMException is not an Error in every engine.
const errorName = (err: unknown) => (typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '');
const isAbort = (err: unknown) => errorName(err) === 'AbortError';
const messageOf = (err: unknown) =>
  typeof err === 'object' && err !== null && 'message' in err ? `${errorName(err)}: ${String(err.message)}` : String(err);

/**
 * The share actions of one post (spec §2 Share menu): native share, links for each platform,
 * copy link, each attempt recorded (spec §3 Share event) and confirmed with the spec §8 toasts.
 */
export function useShare(post: SharePost) {
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const links = useMemo(() => buildShareLinks(window.location.origin, post, PRODUCT_NAME), [post]);

  const record = (platform: SharePlatform, success: boolean, errorMessage?: string) => {
    const event = buildShareEvent({
      postId: post.id,
      platform,
      success,
      errorMessage,
      referrerUrl: document.referrer || window.location.href,
      width: window.innerWidth,
    });
    if (success) trackAction('share', platform, { postId: post.id, platform });
    void recordShare(event).then((res) => {
      if (res) patchForumQueries(queryClient, (data) => patchPostIn(data, post.id, { shareCount: res.shareCount }));
    });
  };

  const shareNatively = async () => {
    try {
      await navigator.share(links.native);
      record('native', true);
      toast({ title: 'Shared successfully!', variant: 'success' });
    } catch (err) {
      record('native', false, isAbort(err) ? 'Share cancelled' : messageOf(err));
      // The reader closed the share sheet: nothing went wrong.
      if (isAbort(err)) return;
      toast({ title: 'Share failed', description: 'Could not share the post. Please try again.', variant: 'destructive' });
    }
  };

  const copyLink = async () => {
    try {
      await copyText(links.copy);
      record('copy', true);
      toast({ title: 'Link copied!', variant: 'success' });
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch (err) {
      record('copy', false, messageOf(err));
      toast({ title: 'Copy failed', description: 'Could not copy link to clipboard.', variant: 'destructive' });
    }
  };

  /** A platform link was opened (a new tab, or the mail app). */
  const openedLink = (platform: Exclude<SharePlatform, 'native' | 'copy'>) => record(platform, true);

  return { links, copied, canShareNatively: canShareNatively(), shareNatively, copyLink, openedLink };
}
