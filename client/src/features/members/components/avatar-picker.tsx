import { useId, useRef, type KeyboardEvent } from 'react';
import { Check } from 'lucide-react';
import { AVATARS, DEFAULT_AVATAR, findAvatar } from '@common/avatars';
import { cn } from '@/lib/cn';
import { AvatarIcon } from '@/components/ui/avatar-icon';

type Props = {
  /** The selected avatar key; an unknown or empty key selects the default (car). */
  value: string | null | undefined;
  onChange: (key: string) => void;
  /** The group's visible name. */
  label?: string;
  error?: string;
  disabled?: boolean;
};

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREV_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * Spec §2 Avatar picker: the twelve role avatars as one radio group (WAI-ARIA radio pattern: one tab
 * stop, arrow keys move and select, wrapping; Home and End), each tile with its icon, label and
 * colour; the selected one's description reads below the grid.
 */
export function AvatarPicker({ value, onChange, label = 'Choose your avatar', error, disabled }: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  const descId = `${id}-description`;
  const errorId = `${id}-error`;
  const selected = findAvatar(value) ?? findAvatar(DEFAULT_AVATAR) ?? AVATARS[0];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const n = AVATARS.length;
    const next = AVATARS[((index % n) + n) % n];
    onChange(next.key);
    refs.current[AVATARS.indexOf(next)]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (disabled) return;
    if (NEXT_KEYS.has(e.key)) select(index + 1);
    else if (PREV_KEYS.has(e.key)) select(index - 1);
    else if (e.key === 'Home') select(0);
    else if (e.key === 'End') select(AVATARS.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div className="grid gap-2">
      <p id={labelId} className="font-semibold">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={[descId, error ? errorId : null].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4"
      >
        {AVATARS.map((a, i) => {
          const checked = a.key === selected.key;
          return (
            <button
              key={a.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              disabled={disabled}
              onClick={() => onChange(a.key)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                // Icon above the label: the longest labels ('Warehouse Operations') fit a phone's half width.
                'relative flex min-h-24 flex-col items-center justify-center gap-1.5 rounded-xl border-2 bg-card px-2 py-2.5 text-center text-sm leading-tight font-semibold break-words text-ink transition-colors',
                checked ? 'border-brand-800 bg-brand-50 ring-2 ring-brand-800' : 'border-line hover:border-field',
              )}
              style={{ borderTopColor: a.color, borderTopWidth: 6 }}
            >
              <AvatarIcon avatar={a.key} size="md" decorative />
              <span className="max-w-full">{a.label}</span>
              {checked && (
                <span className="absolute top-1 right-1 inline-flex size-5 items-center justify-center rounded-full bg-primary text-white">
                  <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div id={descId} aria-live="polite" className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
        <AvatarIcon avatar={selected.key} size="md" decorative />
        <p>
          <span className="font-bold">{selected.label}</span>
          <span className="sr-only">: </span>
          <span className="block text-muted">{selected.description}</span>
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
