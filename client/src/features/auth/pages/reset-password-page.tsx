import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '@/lib/router';
import { ZResetPasswordForm } from '@common/contracts/auth';
import { errorMessage } from '@/lib/api-client';
import { buttonClasses, Button } from '@/components/ui/button';
import { FormField, NewPasswordField } from '@/components/ui/form-field';
import { Head } from '@/components/ui/head';
import { useResetPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

type ResetForm = { token: string; password: string; confirmPassword: string };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({ resolver: zodResolver(ZResetPasswordForm), defaultValues: { token, password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(({ token: t, password }) => reset.mutate({ token: t, password }));

  return (
    <AuthCard>
      <Head title="Set a new password" noindex />
      <h1 className="text-2xl font-bold">Set a new password</h1>
      {!token || errors.token ? (
        <div role="alert" className="grid gap-3">
          <p>{errors.token?.message ?? 'This reset link is invalid or has expired'}.</p>
          <Link to="/forgot-password" className={buttonClasses('primary')}>
            Request a new link
          </Link>
        </div>
      ) : reset.isSuccess ? (
        <div role="status" className="grid gap-4">
          <p className="rounded-xl border-l-8 border-green-700 bg-green-50 p-4 font-semibold text-green-950">
            {reset.data?.message || 'Your password has been changed.'}
          </p>
          <Link to="/" className={buttonClasses('primary')}>
            Sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <NewPasswordField
            label="New password"
            error={errors.password?.message}
            {...register('password')}
          />
          <FormField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          {reset.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
              {errorMessage(reset.error, 'Something went wrong. Please try again.')}{' '}
              <Link to="/forgot-password" className="link">
                Request a new link
              </Link>
            </p>
          )}
          <Button type="submit" disabled={reset.isPending} className="w-full">
            {reset.isPending ? 'Saving…' : 'Save new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
