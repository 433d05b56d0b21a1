import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { STATUS_MAX } from '@common/rules/members';
import { cn } from '@/lib/cn';
import { inputClasses } from '@/components/ui/form-field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** What is typed now, for the counter. */
  length: number;
  error?: string;
  label?: string;
  ref?: Ref<HTMLInputElement>;
};

export const STATUS_PLACEHOLDER = 'e.g. Multi-drop, Leeds depot';

/**
 * The status line: one line of up to 100 characters. Nothing is cut off while typing or pasting
 * (a silent maxLength loses text); the counter turns red and the message says what to do instead.
 */
export function StatusField({ length, error, label = 'Status', id, ref, className, ...input }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const errorId = `${inputId}-error`;
  const over = length > STATUS_MAX;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={inputId} className="font-semibold">
        {label} <span className="font-normal text-muted">(optional)</span>
      </label>
      <p id={hintId} className="text-sm text-muted">
        A line about your work, shown on your posts and in the member directory.
      </p>
      <input
        ref={ref}
        id={inputId}
        type="text"
        autoComplete="off"
        enterKeyHint="done"
        placeholder={STATUS_PLACEHOLDER}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, countId, error ? errorId : null].filter(Boolean).join(' ')}
        className={inputClasses}
        {...input}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
            {error}
          </p>
        ) : (
          <span />
        )}
        <p id={countId} className={cn('shrink-0 text-sm tabular-nums', over ? 'font-semibold text-red-800' : 'text-muted')}>
          {length}/{STATUS_MAX}
          <span className="sr-only"> characters</span>
        </p>
      </div>
    </div>
  );
}
