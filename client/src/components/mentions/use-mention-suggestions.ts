import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMentionSuggestions } from '@endpoints/mentions';
import { call } from '@/lib/api-client';

/** How long typing must pause before the suggestions are asked for: a call per name, not per key. */
export const MENTION_DEBOUNCE_MS = 200;

/**
 * The members matching `query` (what follows '@'), asked for once typing pauses; null query: none.
 * Answers are kept a minute, so typing back over a name costs nothing; a failure shows no list.
 */
export function useMentionSuggestions(query: string | null) {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), MENTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const q = query && settled?.toLowerCase() === query.toLowerCase() ? query.toLowerCase() : null;
  const result = useQuery({
    queryKey: [getMentionSuggestions.path, q],
    queryFn: ({ signal }) => call(getMentionSuggestions, { query: { q: q! } }, { signal }),
    enabled: q !== null,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return query === null ? [] : (result.data?.members ?? []);
}
