import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { ZDeleteAccountRequest, type TDeleteAccountRequest } from '@common/contracts/members';
import { USER_QUERY_KEY } from '@/lib/auth';
import { sessionStore } from '@/lib/storage';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useDeleteAccount } from '../api/members-api';
import { failureText, fieldErrors } from '@/lib/form-errors';

/** The danger zone's button and its password-confirmed dialog → DELETE /api/profile. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TDeleteAccountRequest>({ resolver: zodResolver(ZDeleteAccountRequest), defaultValues: { password: '' } });

  const onSubmit = handleSubmit((body) => {
    remove.mutate(body, {
      onSuccess: async (res) => {
        setOpen(false);
        // Leave the member-only page first: were the user to vanish here, the page's guard would
        // remember /profile as the place to come back to after signing in.
        sessionStore.remove('returnTo');
        await navigate('/', { replace: true });
        queryClient.clear();
        queryClient.setQueryData(USER_QUERY_KEY, null);
        toast({ title: 'Account deleted', description: res?.message || 'Your account has been deleted', variant: 'success' });
      },
      onError: (err) => {
        const fields = fieldErrors(err, { fields: ['password'] as const, status: 400 });
        setError('password', { message: fields.password ?? failureText(err) }, { shouldFocus: true });
        toast({ title: 'Could not delete your account', description: failureText(err), variant: 'destructive' });
      },
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={(v) => {
        if (remove.isPending) return;
        setOpen(v);
        if (!v) reset({ password: '' });
      }}
      title="Delete your account?"
      description="This cannot be undone. Your profile goes, and you are signed out everywhere. Your posts and comments stay, shown as 'Anonymous'."
      trigger={
        <Button variant="danger" className="justify-self-start">
          Delete account
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Enter your password to confirm."
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
