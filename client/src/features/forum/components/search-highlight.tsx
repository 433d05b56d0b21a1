import { useMemo } from 'react';
import { matchPrefixes, splitMatches } from '../lib/search-highlight';

/**
 * `text` with the words the search `q` matched in <mark>. Text nodes only: a post's title and excerpt
 * are members' words and never become markup.
 */
export function SearchHighlight({ text, q }: { text: string; q: string }) {
  const parts = useMemo(() => splitMatches(text, q ? matchPrefixes(q) : []), [text, q]);
  if (parts.length === 1 && !parts[0]!.match) return <>{text}</>;
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="rounded-sm bg-accent-300 text-on-accent">
            {p.text}
          </mark>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
