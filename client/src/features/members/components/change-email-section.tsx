import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZChangeEmailRequest, type TChangeEmailRequest } from '@common/contracts/members';
import { CODE_LENGTH } from '@common/rules/auth';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useChangeEmail, useVerifyEmailChange } from '../api/members-api';
import { failureText, fieldErrors } from '@/lib/form-errors';

const FIELDS = ['newEmail', 'password'] as const;
const CODE_RE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

type Props = { currentEmail: string; pendingEmail: string | null; onDone: () => void };

/**
 * Changing the email takes two steps: the new address and the password, then the 6-digit code
 * mailed to the new address. Until the code is entered the old address stays the account's.
 */
export function ChangeEmailSection({ currentEmail, pendingEmail, onDone }: Props) {
  const [asking, setAsking] = useState(!pendingEmail);
  // A code arriving for another address (another tab) shows its step.
  const [shownPending, setShownPending] = useState(pendingEmail);
  if (shownPending !== pendingEmail) {
    setShownPending(pendingEmail);
    if (pendingEmail) setAsking(false);
  }
  if (asking || !pendingEmail) {
    return <RequestForm currentEmail={currentEmail} onSent={() => setAsking(false)} onCancel={pendingEmail ? () => setAsking(false) : undefined} />;
  }
  return <CodeForm pendingEmail={pendingEmail} onVerified={onDone} onChangeAddress={() => setAsking(true)} />;
}

function RequestForm({ currentEmail, onSent, onCancel }: { currentEmail: string; onSent: () => void; onCancel?: () => void }) {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<z.input<typeof ZChangeEmailRequest>, unknown, TChangeEmailRequest>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: { newEmail: '', password: '' },
  });

  const onSubmit = handleSubmit((body) => {
    change.mutate(body, {
      onSuccess: (res) => {
        toast({ title: 'Code sent!', description: res.message, variant: 'success' });
        resetField('password');
        onSent();
      },
      onError: (err) => {
        const fields = fieldErrors(err, { fields: FIELDS, status: 400 });
        for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] });
        toast({ title: 'Could not change your email', description: failureText(err), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p>
        Your email is <strong className="wrap-anywhere">{currentEmail}</strong>. We'll send a code to the new address; the change
        takes effect once you enter it.
      </p>
      <FormField
        label="New email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        hint="To confirm it's you."
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={change.isPending}>
            Back to the code
          </Button>
        )}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Sending code…' : 'Send code'}
        </Button>
      </div>
    </form>
  );
}

function CodeForm({ pendingEmail, onVerified, onChangeAddress }: { pendingEmail: string; onVerified: () => void; onChangeAddress: () => void }) {
  const verify = useVerifyEmailChange();
  const [code, setCode] = useState('');
  const id = useId();
  const ready = CODE_RE.test(code);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || verify.isPending) return;
    verify.mutate(
      { code },
      {
        onSuccess: (user) => {
          toast({ title: 'Email changed', description: `Your email is now ${user.email}.`, variant: 'success' });
          setCode('');
          onVerified();
        },
        onError: (err) => toast({ title: 'Verification failed', description: failureText(err), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p>
        We sent a 6-digit code to <strong className="wrap-anywhere">{pendingEmail}</strong>. Enter it to finish the change.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={id} className="font-semibold">
          Code from the email
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          className={`${inputClasses} max-w-48 font-mono text-xl tracking-[0.3em]`}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onChangeAddress} disabled={verify.isPending}>
          Use another address or send a new code
        </Button>
        <Button type="submit" disabled={!ready || verify.isPending}>
          {verify.isPending ? 'Checking…' : 'Confirm new email'}
        </Button>
      </div>
    </form>
  );
}
