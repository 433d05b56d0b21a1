import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { POSTCODE_AREAS } from '@common/rules/courier';
import { inputClasses } from '@/components/ui/form-field';
import { getTagsQueryOptions } from '../api/get-tags';

type Props = { value: string; onChange: (value: string) => void };

/**
 * A filter's options come when a pointer, a finger or focus nears the menu: the list's page carries
 * the chosen one alone, not the UK's 124 postcode areas and every tag in each rendering (issue 31
 * counts a page's elements). A native select still: light, familiar on a phone, accessible as it is.
 */
function useOptionsWanted() {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return { wanted, handlers: { onPointerEnter: want, onPointerDown: want, onFocus: want } };
}

/** Issue 32: the list's tag filter, networks then topics as the server orders them. */
export function TagSelect({ value, onChange }: Props) {
  const id = useId();
  const { wanted, handlers } = useOptionsWanted();
  // Asked for once wanted, or for the name of the tag in force (its chip above the list shows it too).
  const { data: tags = [] } = useQuery({ ...getTagsQueryOptions(), enabled: wanted || value !== '' });
  const shown = wanted ? tags : tags.filter((t) => t.slug === value);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Tag
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses} {...handlers}>
        <option value="">All tags</option>
        {shown.map((t) => (
          <option key={t.id} value={t.slug}>
            {t.name}
          </option>
        ))}
        {value && !shown.some((t) => t.slug === value) && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}

/** Issue 32: the list's postcode area filter ('LS'). */
export function AreaSelect({ value, onChange }: Props) {
  const id = useId();
  const { wanted, handlers } = useOptionsWanted();
  const shown = wanted ? POSTCODE_AREAS : value ? [value] : [];
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Postcode area
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses} {...handlers}>
        <option value="">All areas</option>
        {shown.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    </div>
  );
}
