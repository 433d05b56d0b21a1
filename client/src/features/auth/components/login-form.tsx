import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest } from '@common/contracts/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { completeSignIn } from '@/lib/auth';
import { peekReturnTo, setPendingVerificationEmail } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useLogin } from '../api/auth-api';

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
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Like react-hook-form: quiet until the first submit, then re-checked as you type.
    if (submitted) void validate(next).then((r) => setErrors(r.errors));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (login.isPending) return;
    setSubmitted(true);
    setRefused(null);
    const { data, errors: found } = await validate(values);
    setErrors(found);
    if (!data) {
      refs[found.email ? 'email' : 'password'].current?.focus();
      return;
    }
    login.mutate(data, {
      onSuccess: (res) => {
        toast({ title: 'Login successful', description: 'Welcome back', variant: 'success' });
        onSuccess?.();
        completeSignIn({
          queryClient,
          user: res.user,
          to: peekReturnTo() ?? '/',
          pathname: location.pathname,
          navigate: stayOnPage ? stay : navigate,
        });
      },
      onError: (err) => {
        const email = verificationEmailFromError(err, data.email);
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
        toast({ title: 'Login failed', description: errorMessage(err), variant: 'destructive' });
      },
    });
  }

  return (
    <form onSubmit={onSubmit} onFocus={() => void loadSchema()} noValidate className="grid gap-4">
      <FormField
        ref={refs.email}
        id={`${idPrefix}-email`}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
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
  );
}
