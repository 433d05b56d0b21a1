import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSupportRequest, type TSupportRequest, type TSupportResponse } from '@common/contracts/support';
import { SUPPORT_LIMITS } from '@common/rules/support';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useSendSupportMessage } from '../api/send-support-message';
import { formatNumber } from '@/lib/format';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

type Props = {
  /** A signed-in member's name and email, filled in for them (they can still change them). */
  defaults: { name: string; email: string };
  onSent: (answer: TSupportResponse, email: string) => void;
};

/** The contact form: name, email, subject, message; the same rules and messages as the server. */
export function SupportForm({ defaults, onSent }: Props) {
  const send = useSendSupportMessage();
  const messageId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<TSupportRequest>({
    resolver: zodResolver(ZSupportRequest),
    defaultValues: { name: defaults.name, email: defaults.email, subject: '', message: '' },
  });
  const messageLength = watch('message')?.length ?? 0;

  const onSubmit = handleSubmit((body) => {
    send.mutate(body, {
      onSuccess: (answer) => onSent(answer, body.email),
      onError: (err) => {
        // Field messages from the server land on their fields; anything else above the button.
        const fields = fieldErrors(err, { fields: FIELDS });
        for (const f of FIELDS) if (fields[f]) setError(f, { message: fields[f] });
        setError('root', { message: errorMessage(err, 'Your message could not be sent. Please try again.') });
      },
    });
  });

  const messageError = errors.message?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Your name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <FormField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="We reply to this address."
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <FormField label="Subject" error={errors.subject?.message} maxLength={SUPPORT_LIMITS.subjectMax + 20} {...register('subject')} />
      <div className="grid gap-1.5">
        <label htmlFor={messageId} className="font-semibold">
          Message
        </label>
        <textarea
          id={messageId}
          rows={8}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={[`${messageId}-count`, messageError ? `${messageId}-error` : null].filter(Boolean).join(' ')}
          className={cn(inputClasses, 'min-h-40 resize-y leading-relaxed')}
          {...register('message')}
        />
        <p id={`${messageId}-count`} className={cn('text-sm text-muted tabular-nums', messageLength > SUPPORT_LIMITS.messageMax && 'font-semibold text-red-800')}>
          {formatNumber(messageLength)} / {formatNumber(SUPPORT_LIMITS.messageMax)} characters
        </p>
        {messageError && (
          <p id={`${messageId}-error`} role="alert" className="text-sm font-semibold text-red-800">
            {messageError}
          </p>
        )}
      </div>
      {errors.root?.message && (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 px-3 py-2 font-semibold text-red-900">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
