import { Suspense, useEffect, useState, type RefObject } from 'react';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { lazyNamed } from '@/lib/lazy';

// What a composer carries of the @mention autocomplete (issue 18): this, and one line to render it.
// The autocomplete (mention-autocomplete.tsx, its hook and the avatar icons) is its own chunk, fetched
// the first time the box gets focus: readers who never write never load it, and no page's first JS grows.

const MentionAutocomplete = lazyNamed(() => import('./mention-autocomplete'), 'MentionAutocomplete');

/** The composer's text box, and how to replace its text (as typing would). */
export function MentionSlot({ target, setText }: { target: RefObject<HTMLTextAreaElement | null>; setText: (text: string) => void }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const box = target.current;
    if (!box || armed) return;
    const arm = () => setArmed(true);
    if (document.activeElement === box) arm();
    box.addEventListener('focus', arm);
    return () => box.removeEventListener('focus', arm);
  }, [target, armed]);
  if (!armed) return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <MentionAutocomplete target={target} setText={setText} />
      </Suspense>
    </ErrorBoundary>
  );
}
