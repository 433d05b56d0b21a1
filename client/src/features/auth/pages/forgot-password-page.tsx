import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/lib/router';
import { ZForgotPasswordRequest } from '@common/contracts/auth';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Head } from '@/components/ui/head';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => forgot.mutate(email));

  return (
    <AuthCard>
      <Head title="Forgot password" noindex />
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        <p className="text-muted">Enter the email you signed up with and we'll send you a link to set a new password.</p>
      </div>
      {forgot.isSuccess ? (
        <div role="status" className="grid gap-3 rounded-xl border-l-8 border-green-700 bg-green-50 p-4 text-green-950">
          <p className="font-semibold">{forgot.data?.message || 'Check your email for a reset link.'}</p>
          <p className="text-sm">The link works once and expires soon. Check your spam folder if it hasn't arrived.</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Email" type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          {forgot.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
              {errorMessage(forgot.error, 'Something went wrong. Please try again.')}
            </p>
          )}
          <Button type="submit" disabled={forgot.isPending} className="w-full">
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to="/" className="link">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
