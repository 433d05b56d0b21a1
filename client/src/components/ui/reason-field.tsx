import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

export type ReasonFieldProps = {
  /** The textarea's id; its error is `${id}-error` and its counter `${id}-count`. */
  id: string;
  label: string;
  value: string;
  /** The new text. The dialog clears its error here, as the member types. */
  onChange: (value: string) => void;
  error: string | null;
  maxLength: number;
  minLength?: number;
  rows: number;
  /** The textarea's least height: 'min-h-24', 'min-h-28'. */
  minHeightClass: string;
  placeholder?: string;
  /** Shows "12 / 500" under the textarea, linked to it with aria-describedby. */
  showCount?: boolean;
};

/**
 * The required reason of a dialog (a report, a badge withdrawn, an author revealed): a labelled
 * textarea, its character counter if asked for, and its error announced (role=alert) as it appears.
 */
export function ReasonField({ id, label, value, onChange, error, maxLength, minLength, rows, minHeightClass, placeholder, showCount }: ReasonFieldProps) {
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        minLength={minLength}
        maxLength={maxLength}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, showCount ? countId : null].filter(Boolean).join(' ') || undefined}
        className={cn(inputClasses, minHeightClass, 'resize-y')}
        placeholder={placeholder}
      />
      {showCount && (
        <p id={countId} className="text-right text-sm text-muted tabular-nums">
          {formatNumber(value.length)} / {formatNumber(maxLength)}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export type ReasonFormActionsProps = {
  onCancel: () => void;
  pending: boolean;
  /** The submit button's words, and its words while the request runs ('Sending…'). */
  submitLabel: string;
  pendingLabel: string;
};

/** Cancel and the (danger) submit button of a reason dialog's form, both disabled while it sends. */
export function ReasonFormActions({ onCancel, pending, submitLabel, pendingLabel }: ReasonFormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="danger" disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
