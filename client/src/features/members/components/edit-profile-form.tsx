import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { TUser } from '@common/contracts/auth';
import { ZRegisterRequest } from '@common/contracts/auth';
import { ZAvatarKey, ZStatusText } from '@common/contracts/members';
import { DEFAULT_AVATAR, findAvatar } from '@common/avatars';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useUpdateProfile } from '../api/members-api';
import { failureText, fieldErrors } from '@/lib/form-errors';
import { AvatarPicker } from './avatar-picker';
import { StatusField } from './status-field';

const ZEditProfileForm = z.object({
  firstName: ZRegisterRequest.shape.firstName,
  lastName: ZRegisterRequest.shape.lastName,
  avatar: ZAvatarKey,
  statusText: ZStatusText,
});
type TEditProfileForm = z.input<typeof ZEditProfileForm>;
const FIELDS = ['firstName', 'lastName', 'avatar', 'statusText'] as const;

/** Names, avatar and status → PATCH /api/profile. */
export function EditProfileForm({ user, onDone }: { user: TUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<TEditProfileForm, unknown, z.output<typeof ZEditProfileForm>>({
    resolver: zodResolver(ZEditProfileForm),
    mode: 'onChange',
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      avatar: findAvatar(user.avatar) ? user.avatar : DEFAULT_AVATAR,
      statusText: user.statusText,
    },
  });
  const status = watch('statusText') ?? '';

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Profile updated', variant: 'success' });
        onDone();
      },
      onError: (err) => {
        const fields = fieldErrors(err, { fields: FIELDS, status: 400 });
        for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] });
        toast({ title: 'Could not update your profile', description: failureText(err), variant: 'destructive' });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <FormField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <Controller
        control={control}
        name="avatar"
        render={({ field, fieldState }) => (
          <AvatarPicker label="Avatar" value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={update.isPending} />
        )}
      />
      <StatusField length={status.length} error={errors.statusText?.message} {...register('statusText')} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
