import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TUser } from '@common/contracts/auth';
import { REMEMBER_DEVICE_DAYS, SIGN_IN_MSG } from '@common/rules/sign-in';
import { ApiError } from '@/lib/api-client';
import { PRODUCT_NAME } from '@/lib/config';
import { failureText, fieldErrors } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useSecondStep } from '../api/auth-api';
import { readCode, type CodeKind } from '@/lib/sign-in-code';

type Props = {
  /** Login's (or a passkey's) answer: the ticket, and whether "remember this device" is offered. */
  secondStep: { ticket: string; canRemember: boolean };
  idPrefix: string;
  /** The code was right: signed in. */
  onSignedIn: (res: { message: string; user: TUser }) => void;
  /** The ticket is past its time or used up: the password form again, with the server's words. */
  onExpired: (message: string) => void;
  /** "Start again": the password form. */
  onBack: () => void;
};

/**
 * The second step of a sign-in (issue 33 part 3): the code from the member's authenticator app, or one
 * of their recovery codes → POST /api/auth/second-step with login's ticket.
 */
export function SecondStepForm({ secondStep: { ticket, canRemember }, idPrefix, onSignedIn, onExpired, onBack }: Props) {
  const verify = useSecondStep();
  const [kind, setKind] = useState<CodeKind>('app');
  const [typed, setTyped] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const titleId = `${idPrefix}-second-step-title`;

  // The member has just sent their password (or used a passkey): the code is what they type next.
  useEffect(() => input.current?.focus(), [kind]);

  const switchKind = () => {
    setKind(kind === 'app' ? 'recovery' : 'app');
    setTyped('');
    setError(undefined);
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (verify.isPending) return;
    const read = readCode(typed, kind);
    if ('error' in read) {
      setError(read.error);
      input.current?.focus();
      return;
    }
    setError(undefined);
    verify.mutate(
      { ticket, code: read.code, rememberDevice: canRemember && remember },
      {
        onSuccess: (res) => {
          if ('user' in res) onSignedIn(res);
        },
        onError: (err) => {
          const message = failureText(err);
          toast({ title: 'Login failed', description: message, variant: 'destructive' });
          if (err instanceof ApiError && err.serverMessage === SIGN_IN_MSG.secondStepExpired) {
            onExpired(message);
            return;
          }
          setError(fieldErrors(err, { fields: ['code'] as const }).code ?? message);
          input.current?.focus();
        },
      },
    );
  }

  const app = kind === 'app';
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="grid gap-4">
      <div className="grid gap-1">
        <h3 id={titleId} className="text-lg font-bold">
          Two-step sign-in
        </h3>
        <p className="text-muted">
          {app
            ? `Open your authenticator app and type the 6-digit code it shows for ${PRODUCT_NAME}.`
            : 'Type one of the recovery codes you saved when you turned on two-step sign-in. Each one works once.'}
        </p>
      </div>
      <FormField
        // A new field for the other kind: the browser's keyboard and autofill follow its attributes.
        key={kind}
        ref={input}
        id={`${idPrefix}-second-step-${kind}`}
        name="code"
        label={app ? 'Code from your authenticator app' : 'Recovery code'}
        type="text"
        inputMode={app ? 'numeric' : 'text'}
        autoComplete={app ? 'one-time-code' : 'off'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={app ? 10 : 40}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <Button variant="link" className="justify-self-start" onClick={switchKind}>
        {app ? 'Use a recovery code instead' : 'Use a code from your app instead'}
      </Button>
      {canRemember && (
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} className="size-5 shrink-0 accent-brand-800" />
          Remember this device for {REMEMBER_DEVICE_DAYS} days
        </label>
      )}
      <Button type="submit" disabled={verify.isPending} className="w-full">
        {verify.isPending ? 'Verifying…' : 'Verify'}
      </Button>
      <Button variant="ghost" onClick={onBack} disabled={verify.isPending} className="w-full">
        Start again
      </Button>
    </form>
  );
}
