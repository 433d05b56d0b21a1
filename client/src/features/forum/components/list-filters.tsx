import { useId, useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { cn } from '@/lib/cn';
import { defaultSort, type ForumState } from '../lib/forum-url-state';

/** How many of the panel's filters differ from the list's defaults: the number on the phone's toggle. */
export function countActiveFilters({
  category,
  profession,
  sort,
  q,
  unanswered = false,
  solved = '',
  tag = '',
  area = '',
}: Pick<ForumState, 'category' | 'profession' | 'sort' | 'q'> & { unanswered?: boolean; solved?: ForumState['solved']; tag?: string; area?: string }): number {
  return [category !== '', profession !== '', sort !== defaultSort(q), unanswered, solved !== '', tag !== '', area !== ''].filter(Boolean).length;
}

type Props = {
  /** The search form: always on show. */
  search: ReactNode;
  /** The category, sort and profession controls. */
  children: ReactNode;
  activeCount: number;
};

/**
 * The list's search and filters (issue 15). From the `sm` breakpoint up the controls sit open under
 * the search; below it they fold behind a 'Filters' toggle (a disclosure: aria-expanded,
 * aria-controls) beside or under the search. CSS alone decides which, so the server's HTML is
 * right for every screen; the panel starts closed on both sides of hydration.
 */
export function ListFilters({ search, children, activeCount }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-3">
      {/* The search's basis is the room its whole placeholder needs beside the search button (issue 30):
          where that and the toggle do not fit on one row (a phone under 390 px, or one with a filter
          counted on the toggle) the toggle goes under it. */}
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-[1_1_14.5rem]">{search}</div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className={cn(
            'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border-2 px-2.5 font-semibold sm:hidden',
            open ? 'border-brand-800 bg-brand-50 text-brand-900' : 'border-field bg-card text-ink',
          )}
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
          Filters{' '}
          {activeCount > 0 && (
            <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-sm text-white tabular-nums">
              {activeCount}
              <span className="sr-only"> active</span>
            </span>
          )}
        </button>
      </div>
      <div id={panelId} className={cn('grid grid-cols-2 gap-3 sm:max-w-3xl sm:grid-cols-3', !open && 'max-sm:hidden')}>
        {children}
      </div>
    </div>
  );
}
