import { ArrowDown } from 'lucide-react';
import { plural } from '@/lib/format';

type Props = {
  /** New comments from others waiting to be shown. */
  count: number;
  onReveal: () => void;
  /** hooks/use-live-post.ts status, for tests and the curious (data-live). */
  status?: string;
};

/**
 * "2 new comments": others' comments that arrived while reading wait here rather than pushing the
 * page about; a tap shows them and scrolls to the first (smoothly unless the reader prefers reduced
 * motion: the scroll is the comment anchor's). The status region is always present so a screen
 * reader announces the pill when it appears.
 */
export function NewCommentsPill({ count, onReveal, status }: Props) {
  return (
    <div
      role="status"
      data-live={status}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4 pb-[env(safe-area-inset-bottom)]"
    >
      {count > 0 && (
        <button
          type="button"
          onClick={onReveal}
          className="pointer-events-auto inline-flex min-h-11 max-w-full items-center gap-2 rounded-full bg-primary px-5 py-2 font-semibold text-white shadow-lg ring-2 ring-card hover:bg-primary-hover motion-safe:transition-transform motion-safe:hover:-translate-y-0.5"
        >
          <ArrowDown aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {plural(count, 'new comment', 'new comments')}
            <span className="sr-only"> — show them</span>
          </span>
        </button>
      )}
    </div>
  );
}
