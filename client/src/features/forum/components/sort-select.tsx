import { useId } from 'react';
import type { Sort } from '@common/constants';
import { inputClasses } from '@/components/ui/form-field';

/** Spec §2 sort menu: labels and the sort values they send. */
export const SORT_OPTIONS: readonly { value: Sort; label: string }[] = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'newest', label: 'Upload Date' },
  { value: 'views', label: 'View Count' },
];

/** A native select: light, familiar on a phone, accessible as it is. */
export function SortSelect({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Sort by
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Sort)} className={inputClasses}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
