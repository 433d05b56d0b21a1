import { useState, type FormEvent } from 'react';
import { failureText } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { formFailure, passwordError, readCode } from '../lib/sign-in-codes';
import { FormAlert } from './form-alert';

type Errors = { password?: string; code?: string };

type Props = {
  /** A recovery code is taken as well as the app's (turning two-step sign-in off). */
  recovery?: boolean;
  /** Sends the checked password and code; a refusal comes back as the server's words under its fields. */
  send: (input: { password: string; code: string }) => Promise<unknown>;
  failTitle: string;
  submitLabel: string;
  pendingLabel: string;
  danger?: boolean;
  onCancel: () => void;
};

/** The password and a code, as the two-step changes ask for them (a borrowed session has neither). */
export function PasswordCodeForm({ recovery = false, send, failTitle, submitLabel, pendingLabel, danger, onCancel }: Props) {
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const read = readCode(typed, { recovery });
    const found: Errors = { password: passwordError(password), code: 'error' in read ? read.error : undefined };
    setErrors(found);
    setMessage(null);
    if (found.password || 'error' in read) return;
    setPending(true);
    try {
      // On success the dialog moves on (closes, or shows the new codes), and this form goes with it.
      await send({ password, code: read.code });
    } catch (err) {
      const failure = formFailure(err, ['password', 'code'] as const);
      setErrors(failure.fields);
      setMessage(failure.message);
      toast({ title: failTitle, description: failureText(err), variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={errors.password}
      />
      <FormField
        label={recovery ? 'Code from your app, or a recovery code' : 'Code from your authenticator app'}
        type="text"
        {...(recovery ? { autoCapitalize: 'none', spellCheck: false, maxLength: 40 } : { inputMode: 'numeric' as const, maxLength: 10 })}
        autoComplete="one-time-code"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        error={errors.code}
      />
      <FormAlert message={message} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant={danger ? 'danger' : undefined} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
