import { useId, useState, type FormEvent } from 'react';
import { ZBulletinCreateRequest, type TAdminBulletin } from '@common/contracts/bulletins';
import { BULLETIN_MESSAGE_MAX, BULLETIN_TITLE_MAX, type TBulletinVisibility } from '@common/rules/bulletins';
import { BulletinCard } from '@/components/bulletins/bulletin-card';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { FormActions } from './form-actions';
import { formErrors, zodFieldErrors } from '@/lib/form-errors';

export type BulletinValues = { title: string; message: string; visibilityType: TBulletinVisibility; isActive: boolean };

type Props = {
  initial?: TAdminBulletin;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: BulletinValues) => Promise<unknown>;
  onCancel?: () => void;
};

/** Title, message, who sees it and whether it shows, with a preview as the forum shows it. */
export function BulletinForm({ initial, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const [visibilityType, setVisibility] = useState<TBulletinVisibility>(initial?.visibilityType ?? 'everyone');
  const [isActive, setActive] = useState(initial?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZBulletinCreateRequest.safeParse({ title, message, visibilityType, isActive });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    try {
      await onSubmit(parsed.data);
      if (!initial) {
        setTitle('');
        setMessage('');
      }
    } catch (err) {
      setErrors(formErrors(err, 'Could not save the bulletin.'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {errors.form && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
          {errors.form}
        </p>
      )}
      <FormField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={BULLETIN_TITLE_MAX} required />
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-message`} className="font-semibold">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={BULLETIN_MESSAGE_MAX}
          rows={4}
          required
          className={inputClasses}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${id}-count${errors.message ? ` ${id}-message-error` : ''}`}
        />
        <p id={`${id}-count`} className="text-sm text-muted">
          {message.length} / {BULLETIN_MESSAGE_MAX}
        </p>
        {errors.message && (
          <p id={`${id}-message-error`} role="alert" className="text-sm font-semibold text-red-800">
            {errors.message}
          </p>
        )}
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 font-semibold">Who sees it</legend>
        {(
          [
            ['everyone', 'Everyone (Public)'],
            ['members', 'Signed-in members only (Members)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-visibility`} value={value} checked={visibilityType === value} onChange={() => setVisibility(value)} className="size-5" />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <Switch id={`${id}-active`} checked={isActive} onCheckedChange={setActive} />
        <label htmlFor={`${id}-active`} className="font-semibold">
          Show on the forum
        </label>
      </div>
      <div className="grid gap-1.5">
        <p className="font-semibold">Preview</p>
        <BulletinCard bulletin={{ title: title.trim() || 'Title', message: message.trim() || 'Message', visibilityType }} />
      </div>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
