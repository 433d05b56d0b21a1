import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export const inputClasses =
  'block w-full min-h-11 rounded-lg border-2 border-field bg-card px-3 py-2 text-base text-ink placeholder:text-muted aria-[invalid=true]:border-red-700';

/**
 * A labelled input whose hint and error are linked with aria-describedby; the error is announced
 * (role=alert) as soon as it appears.
 */
export function FormField({ label, error, hint, id, className, ref, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses}
        {...input}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The spec §5 password rule, said once for every form that sets a password. */
export const NEW_PASSWORD_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of @ $ ! % * ? &';

/** A field for choosing a password: hidden input, the browser's password generator, and the rule. */
export function NewPasswordField(props: Omit<FieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return <FormField type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} {...props} />;
}
