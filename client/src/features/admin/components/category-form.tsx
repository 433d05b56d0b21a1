import { useId, useState, type FormEvent } from 'react';
import { ZCreateCategoryRequest, type TAdminCategory, type TCreateCategoryRequest } from '@common/contracts/moderation';
import { ANONYMOUS_TRUST_LEVEL } from '@common/rules/anonymous';
import { formErrors, zodFieldErrors } from '@/lib/form-errors';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { FormActions } from './form-actions';

type Props = {
  /** The category being edited; absent for a new one. */
  initial?: TAdminCategory;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TCreateCategoryRequest) => Promise<unknown>;
  onCancel?: () => void;
};

type Errors = Partial<Record<'name' | 'slug' | 'description' | 'color' | 'form', string>>;

/**
 * Name, slug (optional: made from the name), description, colour, whether it is a Q&A category (issue 33)
 * and whether it takes anonymous posts and replies (issue 32), checked with the server's own rules.
 */
export function CategoryForm({ initial, submitLabel, pending, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [slug, setSlug] = useState(initial?.slug ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [color, setColor] = useState(initial?.color ?? '#2563eb');
  const [isQa, setIsQa] = useState(initial?.isQa ?? false);
  const [allowAnonymous, setAllowAnonymous] = useState(initial?.allowAnonymous ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const descId = useId();
  const colorId = useId();
  const qaId = useId();
  const anonymousId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateCategoryRequest.safeParse({ name, slug, description, color, isQa, allowAnonymous });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await onSubmit({ name, slug: slug.trim() || undefined, description, color, isQa, allowAnonymous });
      if (!initial) {
        setName('');
        setSlug('');
        setDescription('');
        setIsQa(false);
        setAllowAnonymous(false);
      }
    } catch (err) {
      setErrors(formErrors(err, 'Could not save the category.'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      {errors.form && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
          {errors.form}
        </p>
      )}
      <FormField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={50} required />
      <FormField
        label="Slug"
        hint="The address part, e.g. van-drivers. Leave empty to make it from the name."
        value={slug}
        onChange={(e) => setSlug(e.target.value)}
        error={errors.slug}
        maxLength={60}
      />
      <div className="grid gap-1.5">
        <label htmlFor={descId} className="font-semibold">
          Description
        </label>
        <textarea
          id={descId}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={300}
          rows={2}
          className={inputClasses}
          aria-invalid={errors.description ? true : undefined}
        />
        {errors.description && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {errors.description}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={colorId} className="font-semibold">
          Colour
        </label>
        <div className="flex items-center gap-2">
          <input
            id={colorId}
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
            onChange={(e) => setColor(e.target.value)}
            className="h-11 w-14 cursor-pointer rounded-lg border-2 border-field bg-card p-1"
          />
          <input
            aria-label="Colour as hex"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            className={`${inputClasses} w-32 font-mono`}
            aria-invalid={errors.color ? true : undefined}
          />
          <span className="rounded-full px-2 py-0.5 text-sm font-semibold text-white" style={{ backgroundColor: color }}>
            {name || 'Preview'}
          </span>
        </div>
        {errors.color && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {errors.color}
          </p>
        )}
      </div>
      {/* Issue 33: a Q&A category, where a question's author (or a moderator) accepts one reply as its answer. */}
      <label htmlFor={qaId} className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <input id={qaId} type="checkbox" checked={isQa} onChange={(e) => setIsQa(e.target.checked)} className="size-5 shrink-0 accent-brand-800" />
        Q&amp;A: members can mark a reply as the answer
      </label>
      {/* Issue 32 (ADR 0022): trusted members may post and reply here under a label instead of their name. */}
      <label htmlFor={anonymousId} className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <input
          id={anonymousId}
          type="checkbox"
          checked={allowAnonymous}
          onChange={(e) => setAllowAnonymous(e.target.checked)}
          className="size-5 shrink-0 accent-brand-800"
        />
        Allow anonymous posts (trust level {ANONYMOUS_TRUST_LEVEL} and up)
      </label>
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
