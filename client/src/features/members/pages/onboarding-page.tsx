import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@/lib/router';
import { z } from 'zod';
import { DEFAULT_AVATAR, findAvatar } from '@common/avatars';
import { ZAvatarKey, ZStatusText } from '@common/contracts/members';
import { useUser } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { toast } from '@/components/ui/toast';
import { useOnboarding } from '../api/members-api';
import { AvatarPicker } from '../components/avatar-picker';
import { StatusField } from '../components/status-field';
import { failureText } from '@/lib/form-errors';

const ZOnboardingForm = z.object({ avatar: ZAvatarKey, statusText: ZStatusText });
type TOnboardingForm = z.input<typeof ZOnboardingForm>;

/** After verification: pick a role avatar and a status line (issue 4), or skip; either way on to the forum. */
export function OnboardingPage() {
  const { user } = useUser();
  const navigate = useNavigate();
  const onboarding = useOnboarding();
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TOnboardingForm, unknown, z.output<typeof ZOnboardingForm>>({
    resolver: zodResolver(ZOnboardingForm),
    mode: 'onChange',
    values: {
      avatar: user && findAvatar(user.avatar) ? user.avatar : DEFAULT_AVATAR,
      statusText: user?.statusText ?? '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const status = watch('statusText') ?? '';
  const [saving, skipping] = [onboarding.isPending && !!onboarding.variables?.avatar, onboarding.isPending && !onboarding.variables?.avatar];

  const finish = (body: { avatar?: string; statusText?: string }, saved: boolean) =>
    onboarding.mutate(body, {
      onSuccess: () => {
        if (saved) toast({ title: 'Profile saved', description: 'Welcome to the community!', variant: 'success' });
        navigate('/forum');
      },
      onError: (err) => toast({ title: saved ? 'Could not save your profile' : 'Could not skip', description: failureText(err), variant: 'destructive' }),
    });

  const onSubmit = handleSubmit((values) => finish(values, true));

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-6 sm:py-10">
      <Head title="Set up your profile" noindex />
      <div className="grid gap-2">
        <h1 className="text-3xl font-extrabold">Welcome{user ? `, ${user.firstName}` : ''}!</h1>
        <p className="text-lg">
          Pick the role that fits you best and add a short status, so other members know who they're talking to. You can change
          both later on your profile.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-5 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-6">
        <Controller
          control={control}
          name="avatar"
          render={({ field, fieldState }) => (
            <AvatarPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={onboarding.isPending} />
          )}
        />
        <StatusField length={status.length} error={errors.statusText?.message} disabled={onboarding.isPending} {...register('statusText')} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={() => finish({}, false)} disabled={onboarding.isPending}>
            {skipping ? 'Skipping…' : 'Skip for now'}
          </Button>
          <Button type="submit" variant="accent" size="lg" disabled={onboarding.isPending}>
            {saving ? 'Saving…' : 'Save and continue'}
          </Button>
        </div>
      </form>
    </div>
  );
}
