import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnonymousVoice } from '@common/contracts/anonymous';
import { CACHE_MS } from '@common/rules/site';
import { getAnonymousVoice } from '@endpoints/anonymous';
import { call } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { useHydrated } from '@/lib/hydrated';
import { getCategoriesQueryOptions } from './get-categories';
import { forumKeys } from './keys';

// Issue 32, a protected voice (ADR 0022; docs/API.md "Anonymous posts"): whether the editor and the
// comment box offer "Post anonymously". The category must allow it (an admin's setting), and the member
// must be trusted enough (GET /api/forum/anonymous-voice, asked the first time such a category is chosen).

/** GET /api/forum/anonymous-voice: may the member write anonymously, and what can their label show. */
export const getAnonymousVoiceQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: forumKeys.anonymousVoice(userId),
    queryFn: ({ signal }) => call(getAnonymousVoice, {}, { signal }),
    // A trust level or a badge changes over days, not between two replies.
    staleTime: CACHE_MS.defaultStale,
  });

/**
 * What the editor offers: nothing (`unavailable`: the category takes no anonymous posts, or the writer is
 * not a verified member), not known yet (`unknown`: no category chosen, or still asking), the reason it is
 * closed to this member (`closed`), or the choice (`open`, with what their label can show).
 */
export type AnonymousOffer =
  | { state: 'unavailable' }
  | { state: 'unknown' }
  | { state: 'error'; retry: () => void }
  | { state: 'closed'; message: string | null }
  | { state: 'open'; voice: TAnonymousVoice };

/**
 * Whether the post or reply being written in `categoryId` may be anonymous (undefined: no category chosen).
 * Asked in the browser only, once the page is live: the server's page (a post's comment box) never waits
 * for it, and the choice appears a moment later.
 */
export function useAnonymousOffer(categoryId: number | undefined): AnonymousOffer {
  const { user } = useUser();
  const hydrated = useHydrated();
  const member = hydrated && !!user?.emailVerified;
  const categories = useQuery({ ...getCategoriesQueryOptions(), enabled: member && categoryId !== undefined });
  const category = categories.data?.find((c) => c.id === categoryId);
  const allows = categoryId === undefined || !categories.data ? undefined : category?.allowAnonymous === true;
  const voice = useQuery({ ...getAnonymousVoiceQueryOptions(user?.id ?? 0), enabled: member && allows === true });
  if (user === undefined || !hydrated) return { state: 'unknown' };
  if (!member || allows === false) return { state: 'unavailable' };
  if (allows === undefined) return { state: 'unknown' };
  if (voice.data) return voice.data.allowed ? { state: 'open', voice: voice.data } : { state: 'closed', message: voice.data.message };
  if (voice.isError) return { state: 'error', retry: () => void voice.refetch() };
  return { state: 'unknown' };
}
