import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse, TUser } from '@common/contracts/auth';
import { LOGIN_OK } from '@common/rules/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { failureText } from '@/lib/form-errors';
import { completeSignIn } from '@/lib/auth';
import { peekReturnTo, setPendingVerificationEmail } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useLogin } from '../api/auth-api';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { SecondStepForm } from './second-step-form';

/** Spec §4: a failed login that is about an unverified email opens verification instead. */
export function verificationEmailFromError(err: unknown, typedEmail: string): string | null {
  if (!(err instanceof ApiError)) return null;
  const body = (err.body ?? {}) as { requiresVerification?: unknown; email?: unknown };
  if (body.requiresVerification && typeof body.email === 'string' && body.email) return body.email;
  if (/verif/i.test(err.serverMessage ?? '')) return typedEmail;
  return null;
}

type Field = keyof TLoginRequest;
type Errors = Partial<Record<Field, string>>;

// The landing page shows this form to every guest, so it does without a form library and loads
// the shared zod schema (same messages as the server) only when someone starts typing.
const loadSchema = () => import('@common/contracts/auth').then((m) => m.ZLoginRequest);

async function validate(values: TLoginRequest): Promise<{ data?: TLoginRequest; errors: Errors }> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

type Props = {
  /** Called after a successful sign-in, before navigating. */
  onSuccess?: () => void;
  /** Show the verification screen for this email (inline or by navigating). */
  onVerificationRequired: (email: string) => void;
  idPrefix?: string;
  /**
   * Signed in, stay on this page (the dialog, opened over a post or any page): only a guest-only
   * page hands over to its own redirect. Without it the form goes where it was sent from, or to '/'.
   */
  stayOnPage?: boolean;
};

/** Navigation for a sign-in that keeps the reader where they are: nothing to do. */
const stay = () => {};

type SecondStep = Extract<TLoginResponse, { secondStep: unknown }>['secondStep'];

/** A passkey's failure in words: the server's, the signal, or the browser that could not use it. */
function passkeyFailure(err: unknown): string {
  if (err instanceof ApiError || err instanceof TypeError) return failureText(err);
  return 'That passkey could not be used. Please try again, or sign in with your email and password.';
}

export function LoginForm({ onSuccess, onVerificationRequired, idPrefix = 'login', stayOnPage = false }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [values, setValues] = useState<TLoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  // A refusal the member must be able to read at leisure (a suspension's end and reason, issue 18):
  // kept on the form, not only in a passing toast.
  const [refused, setRefused] = useState<string | null>(null);
  // Issue 33: the password (or a passkey) was right and the authenticator app's code is due.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  // Why the form is back (the second step timed out): said on the form, calmly.
  const [notice, setNotice] = useState<string | null>(null);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Like react-hook-form: quiet until the first submit, then re-checked as you type.
    if (submitted) void validate(next).then((r) => setErrors(r.errors));
  };

  function signedIn(res: { message: string; user: TUser }) {
    // A recovery code signs in with a word about the codes left: that is the one to read.
    const usual = res.message === LOGIN_OK;
    toast({ title: 'Login successful', description: usual ? 'Welcome back' : res.message, variant: 'success', duration: usual ? undefined : 10_000 });
    onSuccess?.();
    completeSignIn({
      queryClient,
      user: res.user,
      to: peekReturnTo() ?? '/',
      pathname: location.pathname,
      navigate: stayOnPage ? stay : navigate,
    });
  }

  function answered(res: TLoginResponse) {
    if ('secondStep' in res) {
      setRefused(null);
      setNotice(null);
      setSecondStep(res.secondStep);
      return;
    }
    signedIn(res);
  }

  /** A refused sign-in: an unverified address goes to its code; anything else is told. */
  function failed(err: unknown, typedEmail: string | null, title: string, description: string) {
    const email = verificationEmailFromError(err, typedEmail ?? '');
    if (email) {
      setPendingVerificationEmail(email);
      toast({
        title: 'Email verification required',
        description: errorMessage(err, 'Please verify your email address to sign in.'),
      });
      onVerificationRequired(email);
      return;
    }
    if (err instanceof ApiError && err.status === 403) setRefused(errorMessage(err));
    toast({ title, description, variant: 'destructive' });
  }

  const passkey = usePasskeySignIn({
    active: !secondStep,
    onAnswer: answered,
    onError: (err) => failed(err, null, 'Passkey sign-in failed', passkeyFailure(err)),
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (login.isPending) return;
    setSubmitted(true);
    setRefused(null);
    setNotice(null);
    const { data, errors: found } = await validate(values);
    setErrors(found);
    if (!data) {
      refs[found.email ? 'email' : 'password'].current?.focus();
      return;
    }
    login.mutate(data, {
      onSuccess: answered,
      onError: (err) => failed(err, data.email, 'Login failed', errorMessage(err)),
    });
  }

  /** Back to the password form: the address stays, the password is typed again. */
  function startAgain(message: string | null) {
    setSecondStep(null);
    setNotice(message);
    setValues((v) => ({ ...v, password: '' }));
    setSubmitted(false);
    setErrors({});
  }

  if (secondStep) {
    return (
      <SecondStepForm
        // A new ticket (signing in again) starts a fresh form.
        key={secondStep.ticket}
        secondStep={secondStep}
        idPrefix={idPrefix}
        onSignedIn={signedIn}
        onExpired={startAgain}
        onBack={() => startAgain(null)}
      />
    );
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} onFocus={() => void loadSchema()} noValidate className="grid gap-4">
        {notice && (
          <p role="alert" className="rounded-lg bg-accent-100 p-3 font-semibold text-ink">
            {notice}
          </p>
        )}
        <FormField
          ref={refs.email}
          id={`${idPrefix}-email`}
          name="email"
          label="Email"
          type="email"
          // "webauthn": the browser offers the site's passkeys here too (issue 33, conditional UI).
          autoComplete="username webauthn"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <FormField
          ref={refs.password}
          id={`${idPrefix}-password`}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        {refused && (
          <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
            {refused}
          </p>
        )}
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      {passkey.supported && (
        <Button variant="secondary" onClick={() => void passkey.start()} disabled={passkey.pending || login.isPending} className="w-full">
          {passkey.pending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
        </Button>
      )}
    </div>
  );
}
