import { useId } from 'react';
import { TOP_PERIODS, type TopPeriod } from '@common/rules/forum';
import { inputClasses } from '@/components/ui/form-field';
import type { SolvedFilter } from '../lib/forum-url-state';

export const PERIOD_LABELS: Record<TopPeriod, string> = {
  day: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
  all: 'All time',
};

/**
 * Top's period (issue 18), beside the sort while Top is chosen. `value` '' is the server's choice;
 * `shown` is the period the server answered with, so the menu names what the list covers.
 */
export function TopPeriodSelect({ value, shown, onChange }: { value: TopPeriod | ''; shown?: TopPeriod; onChange: (period: TopPeriod) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Period
      </label>
      <select id={id} value={value || shown || 'year'} onChange={(e) => onChange(e.target.value as TopPeriod)} className={inputClasses}>
        {TOP_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Only posts nobody has answered yet (issue 18): a checkbox, as tall as the selects beside it. */
export function UnansweredFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="grid content-end">
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-field bg-card px-3 font-semibold has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50"
      >
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-5 accent-brand-800" />
        Unanswered
      </label>
    </div>
  );
}

/** Issue 33: the Answers filter's choices, as the address keeps them (solved=yes / solved=no; none for All). */
export const ANSWERS_OPTIONS: readonly { value: SolvedFilter; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'yes', label: 'Solved' },
  { value: 'no', label: 'Unsolved' },
];

/** Issue 33, a Q&A category: every question, those with an accepted answer, or those still without one. */
export function AnswersFilter({ value, onChange }: { value: SolvedFilter; onChange: (value: SolvedFilter) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        Answers
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SolvedFilter)} className={inputClasses}>
        {ANSWERS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
