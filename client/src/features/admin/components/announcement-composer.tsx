import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AVATARS } from '@common/avatars';
import { ZAnnouncementCreate, type TAnnouncement, type TAnnouncementCreate } from '@common/contracts/admin-emails';
import { ANNOUNCEMENT_LIMITS } from '@common/rules/admin-emails';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreateAnnouncement } from '../api/emails';
import { formatNumber } from '@/lib/format';

/** Write an announcement once; it is saved as a draft to preview before anything is sent. */
export function AnnouncementComposer({ onSaved }: { onSaved: (a: TAnnouncement) => void }) {
  const create = useCreateAnnouncement();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<TAnnouncementCreate>({ resolver: zodResolver(ZAnnouncementCreate), defaultValues: { subject: '', body: '', audience: 'all' } });
  const length = watch('body')?.length ?? 0;
  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (a) => {
        reset();
        onSaved(a);
      },
      onError: (err) => setError('root', { message: errorMessage(err, 'The draft could not be saved.') }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl border-2 border-line bg-card p-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        New announcement
      </h2>
      <FormField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-audience`} className="font-semibold">
          Send to
        </label>
        <select id={`${id}-audience`} className={inputClasses} {...register('audience')}>
          <option value="all">All verified members</option>
          {AVATARS.map((a) => (
            <option key={a.key} value={a.key}>
              Role: {a.label}
            </option>
          ))}
        </select>
        {errors.audience?.message && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {errors.audience.message}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-body`} className="font-semibold">
          Message
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          Markdown or plain text. Each mail starts &lsquo;Hi {'{first name}'},&rsquo; and ends with the team&rsquo;s signature and an unsubscribe link.
        </p>
        <textarea
          id={`${id}-body`}
          rows={10}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-hint ${id}-count${errors.body ? ` ${id}-error` : ''}`}
          className={cn(inputClasses, 'resize-y leading-relaxed')}
          {...register('body')}
        />
        <p id={`${id}-count`} className={cn('text-sm text-muted tabular-nums', length > ANNOUNCEMENT_LIMITS.bodyMax && 'font-semibold text-red-800')}>
          {formatNumber(length)} / {formatNumber(ANNOUNCEMENT_LIMITS.bodyMax)}
        </p>
        {errors.body?.message && (
          <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
            {errors.body.message}
          </p>
        )}
      </div>
      {errors.root?.message && (
        <p role="alert" className="font-semibold text-red-800">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Saving…' : 'Save draft and preview'}
      </Button>
    </form>
  );
}
