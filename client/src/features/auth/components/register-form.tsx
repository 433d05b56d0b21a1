import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZRegisterForm, type TRegisterForm } from '@common/contracts/auth';
import { SIGN_UP_HONEYPOT } from '@common/rules/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { setPendingVerificationEmail } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { FormField, NewPasswordField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { getRegisterTokenQueryOptions, useRegister } from '../api/auth-api';

type Props = {
  /** Spec §4: success stores the pending email and shows verification. */
  onRegistered: (email: string) => void;
  idPrefix?: string;
};

const EMPTY: TRegisterForm = { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' };
const FIELDS = new Set<string>(Object.keys(EMPTY));

/** The field messages of a refused sign-up (`{errors: {email: …}}`), for the fields this form has. */
function fieldErrors(err: unknown): Array<[keyof TRegisterForm, string]> {
  const errors = err instanceof ApiError && err.body && typeof err.body === 'object' && 'errors' in err.body ? err.body.errors : null;
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).filter((e): e is [keyof TRegisterForm, string] => FIELDS.has(e[0]) && typeof e[1] === 'string');
}

export function RegisterForm({ onRegistered, idPrefix = 'register' }: Props) {
  const registerUser = useRegister();
  const queryClient = useQueryClient();
  // Sign-up bot defence (docs/SECURITY.md): the server's timing token, asked for as the form opens,
  // and a hidden field that only a bot fills in.
  const formToken = useQuery(getRegisterTokenQueryOptions());
  const honeypot = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRegisterForm>({ resolver: zodResolver(ZRegisterForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...details }) => {
    // Asked for now only if the form could not get it when it opened (offline for a moment): the
    // server then says to take a moment, and the next try goes through.
    const token = formToken.data?.token ?? (await queryClient.fetchQuery(getRegisterTokenQueryOptions()).catch(() => undefined))?.token;
    const body = { ...details, [SIGN_UP_HONEYPOT]: honeypot.current?.value ?? '', formToken: token };
    registerUser.mutate(body, {
      onSuccess: (data) => {
        const email = data?.email || body.email;
        setPendingVerificationEmail(email);
        onRegistered(email);
      },
      onError: (err) => {
        for (const [field, message] of fieldErrors(err)) setError(field, { message });
        toast({ title: 'Registration failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      },
    });
  });

  const id = (f: string) => `${idPrefix}-${f}`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('first-name')} label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <FormField id={id('last-name')} label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <FormField
        id={id('username')}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="Shown on your posts. Letters, numbers and underscores."
        error={errors.username?.message}
        {...register('username')}
      />
      <FormField
        id={id('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="We'll send a 6-digit code to check it's yours."
        error={errors.email?.message}
        {...register('email')}
      />
      <NewPasswordField
        id={id('password')}
        label="Password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormField
        id={id('confirm-password')}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {/* The honeypot: out of sight, out of the tab order and hidden from screen readers, so no person
          fills it in; a bot filling every input does, and the server refuses that sign-up. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={id(SIGN_UP_HONEYPOT)}>Website</label>
        <input ref={honeypot} id={id(SIGN_UP_HONEYPOT)} name={SIGN_UP_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" variant="accent" disabled={registerUser.isPending} className="w-full">
        {registerUser.isPending ? 'Creating your account…' : 'Join Free'}
      </Button>
    </form>
  );
}
