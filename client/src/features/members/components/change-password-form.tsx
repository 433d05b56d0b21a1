import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZChangePasswordForm, type TChangePasswordForm } from '@common/contracts/members';
import { MEMBERS_MSG } from '@common/rules/members';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { FormField, NewPasswordField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useChangePassword } from '../api/members-api';
import { failureText, fieldErrors } from '@/lib/form-errors';

const EMPTY: TChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Current password and the new one twice → POST /api/profile/password, which also signs out every other device. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm, unknown, z.output<typeof ZChangePasswordForm>>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    change.mutate(body, {
      onSuccess: (res) => {
        toast({ title: 'Password changed', description: res.message, variant: 'success' });
        reset(EMPTY);
        onDone();
      },
      onError: (err) => {
        const fields = fieldErrors(err, { fields: FIELDS, status: 400 });
        if (err instanceof ApiError && err.serverMessage === MEMBERS_MSG.currentPasswordIncorrect) {
          fields.currentPassword = MEMBERS_MSG.currentPasswordIncorrect;
        }
        for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] }, { shouldFocus: true });
        toast({ title: 'Could not change your password', description: failureText(err), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordField
        label="New password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className="text-sm text-muted">Changing your password signs you out on your other devices. This one stays signed in.</p>
      <Button type="submit" disabled={change.isPending} className="sm:justify-self-end">
        {change.isPending ? 'Changing…' : 'Change password'}
      </Button>
    </form>
  );
}
