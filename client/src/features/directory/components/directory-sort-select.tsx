import { useId } from 'react';
import { inputClasses } from '@/components/ui/form-field';
import { DIRECTORY_SORT_OPTIONS, type DirectorySort } from '../lib/directory-url-state';

/** Spec §2 'Sort By': a native select, light and familiar on a phone. */
export function DirectorySortSelect({ value, onChange }: { value: DirectorySort; onChange: (sort: DirectorySort) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Sort By
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as DirectorySort)} className={inputClasses}>
        {DIRECTORY_SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
