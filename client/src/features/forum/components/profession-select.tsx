import { useId } from 'react';
import { AVATARS } from '@common/avatars';
import { inputClasses } from '@/components/ui/form-field';
import { professionLabel } from '../lib/summary';

type Props = { value: string; onChange: (profession: string) => void };

/**
 * The profession filter as a control (spec §2 sets it from a post's avatar): on a phone the row has
 * no avatar to tap, so the filters panel offers it here, in the same short labels as the summary line.
 */
export function ProfessionSelect({ value, onChange }: Props) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Profession
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses}>
        <option value="">All professions</option>
        {AVATARS.map((a) => (
          <option key={a.key} value={a.key}>
            {professionLabel(a.key)}
          </option>
        ))}
      </select>
    </div>
  );
}
