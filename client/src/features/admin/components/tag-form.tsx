import { useId, useState, type FormEvent } from 'react';
import { ZCreateTagRequest, type TCreateTagRequest, type TTag } from '@common/contracts/labels';
import { TAG_DESCRIPTION_MAX, TAG_KINDS, TAG_NAME_MAX, TAG_SLUG_MAX, type TTagKind } from '@common/rules/labels';
import { formErrors, zodFieldErrors } from '@/lib/form-errors';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { FormActions } from './form-actions';

type Props = {
  /** The tag being edited; absent for a new one. */
  initial?: TTag;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TCreateTagRequest) => Promise<unknown>;
  onCancel?: () => void;
};

type Errors = Partial<Record<'slug' | 'name' | 'kind' | 'description' | 'form', string>>;

/** One kind's name, as the form's choice says it. */
const KIND_CHOICE: Record<TTagKind, { label: string; hint: string }> = {
  network: { label: 'Network', hint: 'A courier network or platform: Evri, DPD, Amazon Flex' },
  topic: { label: 'Topic', hint: 'A subject: insurance, parking, tax' },
};

/**
 * A tag's name, address (/tags/{slug}), kind and description, checked with the server's own rules; the
 * server's messages (a taken address is 409) land under the same fields.
 */
export function TagForm({ initial, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [kind, setKind] = useState<TTagKind | ''>(initial?.kind ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateTagRequest.safeParse({ slug, name, kind, description });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await onSubmit(parsed.data);
      if (!initial) {
        setName('');
        setSlug('');
        setKind('');
        setDescription('');
      }
    } catch (err) {
      setErrors(formErrors(err, 'Could not save the tag.'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {errors.form && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
          {errors.form}
        </p>
      )}
      <FormField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={TAG_NAME_MAX + 10} required />
      <FormField
        label="Address"
        hint={
          <>
            Its page is /tags/<span className="font-mono">{slug.trim() || 'address'}</span>: lower-case letters and digits joined by hyphens, e.g.
            amazon-flex.{initial && ' Changing it breaks links to the old address.'}
          </>
        }
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        error={errors.slug}
        maxLength={TAG_SLUG_MAX + 10}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        required
      />
      <fieldset aria-describedby={errors.kind ? `${id}-kind-error` : undefined} className="grid gap-1.5">
        <legend className="mb-1 font-semibold">Kind</legend>
        {TAG_KINDS.map((k) => (
          <label key={k} className="flex min-h-11 cursor-pointer items-start gap-2 py-1">
            <input
              type="radio"
              name={`${id}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="mt-1 size-5 shrink-0 accent-brand-800"
            />
            <span>
              <span className="font-semibold">{KIND_CHOICE[k].label}</span>
              <span className="block text-sm text-muted">{KIND_CHOICE[k].hint}</span>
            </span>
          </label>
        ))}
        {errors.kind && (
          <p id={`${id}-kind-error`} role="alert" className="text-sm font-semibold text-red-800">
            {errors.kind}
          </p>
        )}
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-description`} className="font-semibold">
          Description <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={TAG_DESCRIPTION_MAX + 20}
          rows={2}
          className={inputClasses}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
        />
        {errors.description && (
          <p id={`${id}-description-error`} role="alert" className="text-sm font-semibold text-red-800">
            {errors.description}
          </p>
        )}
      </div>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
