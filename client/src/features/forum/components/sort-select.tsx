import { useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import type { ListSort } from '../lib/forum-url-state';

/** Spec §2 sort menu: labels and the sort values they send. */
export const SORT_OPTIONS: readonly { value: ListSort; label: string }[] = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'newest', label: 'Upload Date' },
  { value: 'views', label: 'View Count' },
];

/** Issue 30: newest reply first, as Discourse's default list; the list's and a search's alike. */
const LATEST_ACTIVITY = { value: 'active', label: 'Latest activity' } as const;

/** The plain list only (issue 18): a search ranks by match instead. */
const TOP = { value: 'top', label: 'Top' } as const;

/** Offered only while searching for text: results ranked by how well they match. */
const BEST_MATCH = { value: 'relevance', label: 'Best Match' } as const;

/** A native select: light, familiar on a phone, accessible as it is. */
export function SortSelect({ value, onChange, searching = false }: { value: ListSort; onChange: (sort: ListSort) => void; searching?: boolean }) {
  const id = useId();
  const options = searching ? [BEST_MATCH, ...SORT_OPTIONS, LATEST_ACTIVITY] : [...SORT_OPTIONS, LATEST_ACTIVITY, TOP];
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Sort by
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as ListSort)} className={inputClasses}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
