import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterForm, type TRegisterForm } from '@common/contracts/auth';
import { errorMessage } from '@/lib/api-client';
import { setPendingVerificationEmail } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { FormField, NewPasswordField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useRegister } from '../api/auth-api';

type Props = {
  /** Spec §4: success stores the pending email and shows verification. */
  onRegistered: (email: string) => void;
  idPrefix?: string;
};

const EMPTY: TRegisterForm = { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' };

export function RegisterForm({ onRegistered, idPrefix = 'register' }: Props) {
  const registerUser = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TRegisterForm>({ resolver: zodResolver(ZRegisterForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    registerUser.mutate(body, {
      onSuccess: (data) => {
        const email = data?.email || body.email;
        setPendingVerificationEmail(email);
        onRegistered(email);
      },
      onError: (err) => {
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
      <Button type="submit" variant="accent" disabled={registerUser.isPending} className="w-full">
        {registerUser.isPending ? 'Creating your account…' : 'Join Free'}
      </Button>
    </form>
  );
}
