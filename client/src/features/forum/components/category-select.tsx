import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { inputClasses } from '@/components/ui/form-field';
import { getCategoriesQueryOptions } from '../api/get-categories';

type Props = { value: string; onChange: (slug: string) => void };

/** A native select: the lightest, most familiar picker on a phone, and fully accessible. Names only, so they fit half a phone's width. */
export function CategorySelect({ value, onChange }: Props) {
  const id = useId();
  const { data: categories = [] } = useQuery(getCategoriesQueryOptions());
  const known = categories.some((c) => c.slug === value);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Category
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses}>
        <option value="">All categories</option>
        {categories.map((c) => (
          <option key={c.id} value={c.slug}>
            {c.name}
          </option>
        ))}
        {value && !known && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}
