import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { ZResendVerificationRequest } from '@common/contracts/auth';
import { POST_REGISTER_REDIRECT_MS } from '@common/rules/site';
import { CODE_LENGTH } from '@common/rules/auth';
import { errorMessage } from '@/lib/api-client';
import { completeSignIn } from '@/lib/auth';
import { clearPendingVerificationEmail, getPendingVerificationEmail, setPendingVerificationEmail } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useResendVerification, useVerifyCode } from '../api/auth-api';

const CODE_RE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Spec §5: digits only, at most six; everything else typed or pasted is dropped. */
export const sanitizeCode = (raw: string) => raw.replace(/\D/g, '').slice(0, CODE_LENGTH);

type Props = {
  /** Back: the pending email is already cleared when this runs. */
  onBack: () => void;
  /** Verified but not signed in: show the sign-in form. */
  onNeedsSignIn: () => void;
  /** Verified and signed in (autoLogin), just before navigating away. */
  onSignedIn?: () => void;
  /** Heading level of the title, so the form fits a page (h1) or a dialog (h2). */
  headingLevel?: 1 | 2;
};

export function VerificationForm({ onBack, onNeedsSignIn, onSignedIn, headingLevel = 2 }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const verify = useVerifyCode();
  const resend = useResendVerification();
  const [storedEmail] = useState(() => getPendingVerificationEmail());
  const [typedEmail, setTypedEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [code, setCode] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const codeId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  useEffect(() => () => clearTimeout(timer.current), []);

  const ready = CODE_RE.test(code);
  const busy = verify.isPending || signingIn;

  /** The email to verify, or undefined (with the field's error shown) when it is not valid. */
  function checkedEmail(): string | undefined {
    if (storedEmail) return storedEmail;
    const parsed = ZResendVerificationRequest.safeParse({ email: typedEmail });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return undefined;
    }
    setEmailError(undefined);
    return parsed.data.email;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const email = checkedEmail();
    if (!email || !ready || busy) return;
    verify.mutate(
      { email, code },
      {
        onSuccess: (data) => {
          clearPendingVerificationEmail();
          if (data.autoLogin && data.user) {
            const user = data.user;
            setSigningIn(true);
            // Spec §4/§9: with autoLogin, go on after 200 ms: a new member to onboarding.
            timer.current = setTimeout(() => {
              onSignedIn?.();
              completeSignIn({
                queryClient,
                user,
                to: data.isNewUser ? '/onboarding' : '/forum',
                pathname: location.pathname,
                navigate,
              });
            }, POST_REGISTER_REDIRECT_MS);
            return;
          }
          toast({ title: 'Email verified! Please login with your credentials', variant: 'success' });
          onNeedsSignIn();
        },
        onError: (err) => {
          toast({ title: 'Verification failed', description: errorMessage(err), variant: 'destructive' });
        },
      },
    );
  }

  function onResend() {
    const email = checkedEmail();
    if (!email) return;
    if (!storedEmail) setPendingVerificationEmail(email);
    resend.mutate(email, {
      onSuccess: (data) => toast({ title: 'Code sent!', description: data?.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Resend failed', description: errorMessage(err), variant: 'destructive' }),
    });
  }

  function onBackClick() {
    clearPendingVerificationEmail();
    onBack();
  }

  return (
    <section aria-labelledby={`${codeId}-title`} className="grid gap-5">
      <div className="grid gap-2">
        <Heading id={`${codeId}-title`} className="text-2xl font-bold">
          Check your email
        </Heading>
        <p className="text-muted">
          {storedEmail ? (
            <>
              We sent a 6-digit code to <strong className="wrap-anywhere text-ink">{storedEmail}</strong>. Enter it below to
              verify your email.
            </>
          ) : (
            'Enter your email address and the 6-digit code we sent you.'
          )}
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {!storedEmail && (
          <FormField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={typedEmail}
            onChange={(e) => setTypedEmail(e.target.value)}
            error={emailError}
          />
        )}
        <div className="grid gap-1.5">
          <label htmlFor={codeId} className="font-semibold">
            Verification code
          </label>
          <p id={`${codeId}-hint`} className="text-sm text-muted">
            6 digits, numbers only
          </p>
          <input
            id={codeId}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(sanitizeCode(e.target.value))}
            aria-describedby={`${codeId}-hint`}
            className={`${inputClasses} max-w-56 text-center font-mono text-2xl tracking-[0.5em]`}
          />
        </div>
        <Button type="submit" disabled={!ready || busy} className="w-full">
          {signingIn ? 'Verified! Signing you in…' : verify.isPending ? 'Verifying…' : 'Verify email'}
        </Button>
        {signingIn && (
          <p role="status" className="sr-only">
            Email verified. Signing you in.
          </p>
        )}
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <Button variant="ghost" onClick={onBackClick} disabled={busy}>
          Back
        </Button>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">No code?</span>
          <Button variant="secondary" size="sm" onClick={onResend} disabled={resend.isPending || busy}>
            {resend.isPending ? 'Sending…' : 'Resend code'}
          </Button>
        </p>
      </div>
    </section>
  );
}
