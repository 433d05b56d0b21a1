import { useId, useState, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { POSTCODE_AREAS } from '@common/rules/courier';
import {
  ALERT_CONTENT_MAX,
  ALERT_HOURS,
  ALERT_HOURS_DEFAULT,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  ALERT_PLACE_MAX,
  AREAS_PER_POST_MAX,
  LABEL_MSG,
  TAG_KIND_LABELS,
  TAG_KINDS,
  TAGS_PER_POST_MAX,
} from '@common/rules/labels';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { getTagsQueryOptions } from '../api/get-tags';
import { describedBy, FieldError } from '@/components/ui/field-error';

// Issue 32 in the post editor: the tags a post carries, the postcode areas it is about, and whether it
// is a local alert (its kind, place and how long it shows). The editor keeps the values (and the draft);
// these only show and change them.

type TagsProps = {
  chosen: string[];
  onChange: (slugs: string[]) => void;
  error?: string;
  /** The group, for the editor to focus its first control when it has a message. */
  groupRef?: Ref<HTMLFieldSetElement>;
};

/** Up to three tags from the admins' list, networks and topics apart; ticked in the order chosen. */
export function TagsPicker({ chosen, onChange, error, groupRef }: TagsProps) {
  const id = useId();
  const tags = useQuery(getTagsQueryOptions());
  const full = chosen.length >= TAGS_PER_POST_MAX;
  const toggle = (slug: string, on: boolean) => onChange(on ? [...chosen.filter((s) => s !== slug), slug] : chosen.filter((s) => s !== slug));
  // A chosen tag the list does not hold (removed by an admin since, or the list did not load): it can still be taken off.
  const unlisted = tags.data ? chosen.filter((s) => !tags.data.some((t) => t.slug === s)) : chosen;

  return (
    <fieldset ref={groupRef} aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)} className="grid min-w-0 gap-2">
      <legend className="mb-1 font-semibold">Tags</legend>
      <p id={`${id}-hint`} aria-live="polite" className="text-sm text-muted">
        {full
          ? `You have chosen ${TAGS_PER_POST_MAX}, the most a post can have. Untick one to choose another.`
          : `Choose up to ${TAGS_PER_POST_MAX}: the networks or topics it is about. ${chosen.length} chosen.`}
      </p>
      {tags.isPending && (
        <p role="status" className="text-sm text-muted">
          Loading tags…
        </p>
      )}
      {tags.isError && (
        <p className="text-sm text-red-800">
          Couldn't load the tags.{' '}
          <button type="button" className="link" onClick={() => void tags.refetch()}>
            Try again
          </button>
        </p>
      )}
      {TAG_KINDS.map((kind) => {
        const group = tags.data?.filter((t) => t.kind === kind) ?? [];
        if (group.length === 0) return null;
        return (
          <fieldset key={kind} className="grid min-w-0 gap-1.5">
            <legend className="mb-1 text-sm font-semibold text-muted">{TAG_KIND_LABELS[kind]}</legend>
            <div className="flex flex-wrap gap-2">
              {group.map((t) => {
                const checked = chosen.includes(t.slug);
                return (
                  <label
                    key={t.slug}
                    title={t.description || undefined}
                    className="inline-flex min-h-11 max-w-full cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1.5 text-sm has-checked:border-brand-800 has-checked:bg-brand-50 has-checked:font-semibold has-disabled:cursor-not-allowed has-disabled:opacity-60"
                  >
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-brand-800"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(e) => toggle(t.slug, e.target.checked)}
                    />
                    <span className="min-w-0 wrap-anywhere">{t.name}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {unlisted.length > 0 && (
        <ul aria-label="Other chosen tags" className="flex flex-wrap gap-2">
          {unlisted.map((slug) => (
            <Chip key={slug} label={slug} onRemove={() => toggle(slug, false)} />
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove?: () => void }) {
  return (
    <li className="inline-flex min-h-11 items-center gap-1 rounded-full border border-brand-800 bg-brand-50 pl-3 font-semibold">
      <span className={onRemove ? undefined : 'pr-3'}>{label}</span>
      {onRemove && (
        <button
          type="button"
          aria-label={`Remove ${label}`}
          onClick={onRemove}
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </li>
  );
}

type AreasProps = {
  chosen: string[];
  onChange: (areas: string[]) => void;
  /** An alert names one area. */
  alert: boolean;
  /** An alert being edited keeps its area: shown, not changed. */
  fixed?: boolean;
  error?: string;
  /** The group, for the editor to focus its first control when it has a message. */
  groupRef?: Ref<HTMLFieldSetElement>;
};

/** Up to three postcode areas (the letters only: LS, M), chosen from a list and shown as removable chips. */
export function AreasPicker({ chosen, onChange, alert, fixed = false, error, groupRef }: AreasProps) {
  const id = useId();
  const [next, setNext] = useState('');
  const max = alert ? 1 : AREAS_PER_POST_MAX;
  const full = chosen.length >= max;
  const add = () => {
    if (!next || full || chosen.includes(next)) return;
    onChange([...chosen, next]);
    setNext('');
  };
  const hint = fixed
    ? 'An alert keeps the postcode area it was sent to.'
    : alert
      ? chosen.length > 1
        ? `${LABEL_MSG.alertArea}: remove the others.`
        : `${LABEL_MSG.alertArea}: where it is happening. Its followers are told at once.`
      : `Up to ${AREAS_PER_POST_MAX}, if it is about a place: the letters only, LS for Leeds, M for Manchester.`;

  return (
    <fieldset ref={groupRef} aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)} className="grid min-w-0 gap-2">
      <legend className="mb-1 font-semibold">Postcode areas</legend>
      <p id={`${id}-hint`} aria-live="polite" className="text-sm text-muted">
        {hint}
      </p>
      {chosen.length > 0 && (
        <ul aria-label="Chosen postcode areas" className="flex flex-wrap gap-2">
          {chosen.map((a) => (
            <Chip key={a} label={a} onRemove={fixed ? undefined : () => onChange(chosen.filter((x) => x !== a))} />
          ))}
        </ul>
      )}
      {!fixed && (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-select`} className="sr-only">
            Postcode area
          </label>
          <select
            id={`${id}-select`}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            disabled={full}
            aria-invalid={error ? true : undefined}
            className={cn(inputClasses, 'min-w-0 flex-1 sm:max-w-56')}
          >
            <option value="">{full ? (alert ? 'One area chosen' : `${max} areas chosen`) : 'Choose an area'}</option>
            {POSTCODE_AREAS.filter((a) => !chosen.includes(a)).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          <Button variant="secondary" className="shrink-0" onClick={add} disabled={full || !next}>
            Add area
          </Button>
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

export type AlertValues = { on: boolean; kind: string; place: string; hours: string };
type AlertField = 'alertKind' | 'alertPlace' | 'alertHours';

type AlertProps = {
  values: AlertValues;
  onChange: (field: 'alert' | AlertField, value: string) => void;
  errors: Partial<Record<AlertField, string>>;
  /** Editing an alert: its kind and place only (it keeps its area and how long it shows). */
  editing?: boolean;
  refs: { alertKind: Ref<HTMLSelectElement>; alertPlace: Ref<HTMLInputElement>; alertHours: Ref<HTMLSelectElement> };
};

/**
 * "This is a local alert": a van theft, a closed road, a depot running late. It goes to everyone who
 * follows its one postcode area and shows at the top of the area's page for the hours chosen.
 */
export function AlertFields({ values, onChange, errors, editing = false, refs }: AlertProps) {
  const id = useId();
  const body = (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        id={`${id}-kind`}
        label="Kind"
        value={values.kind}
        error={errors.alertKind}
        selectRef={refs.alertKind}
        onChange={(v) => onChange('alertKind', v)}
      >
        <option value="">Choose what it is about</option>
        {ALERT_KINDS.map((k) => (
          <option key={k} value={k}>
            {ALERT_KIND_LABELS[k]}
          </option>
        ))}
      </Select>
      {!editing && (
        <Select
          id={`${id}-hours`}
          label="Show it for"
          value={values.hours || String(ALERT_HOURS_DEFAULT)}
          error={errors.alertHours}
          selectRef={refs.alertHours}
          onChange={(v) => onChange('alertHours', v)}
        >
          {ALERT_HOURS.map((h) => (
            <option key={h} value={String(h)}>
              {h} hours
            </option>
          ))}
        </Select>
      )}
      <div className="grid gap-1.5 sm:col-span-2">
        <label htmlFor={`${id}-place`} className="font-semibold">
          Place <span className="font-normal text-muted">(optional)</span>
        </label>
        <p id={`${id}-place-hint`} className="text-sm text-muted">
          A road, junction, depot or estate, e.g. "M62 J27" or "Leeds DPD depot". At most {ALERT_PLACE_MAX} characters.
        </p>
        <input
          ref={refs.alertPlace}
          id={`${id}-place`}
          value={values.place}
          onChange={(e) => onChange('alertPlace', e.target.value)}
          maxLength={ALERT_PLACE_MAX + 20}
          autoComplete="off"
          aria-invalid={errors.alertPlace ? true : undefined}
          aria-describedby={describedBy(`${id}-place-hint`, errors.alertPlace && `${id}-place-error`)}
          className={inputClasses}
        />
        <FieldError id={`${id}-place-error`} message={errors.alertPlace} />
      </div>
    </div>
  );

  if (editing) {
    return (
      <fieldset className="grid gap-3 rounded-xl border-2 border-accent-400 p-4">
        <legend className="px-1 font-semibold">Local alert</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={values.on ? 'grid gap-4 rounded-xl border-2 border-accent-400 p-4' : 'grid gap-2'}>
      <div className="flex items-start gap-3">
        <Switch id={`${id}-switch`} checked={values.on} onCheckedChange={(on) => onChange('alert', on ? 'on' : '')} aria-describedby={`${id}-switch-hint`} />
        <div className="grid gap-0.5">
          <label htmlFor={`${id}-switch`} className="font-semibold">
            This is a local alert
          </label>
          <p id={`${id}-switch-hint`} className="text-sm text-muted">
            A van theft, road closure or depot delay: everyone who follows its postcode area is told at once. One area, at most{' '}
            {ALERT_CONTENT_MAX} characters.
          </p>
        </div>
      </div>
      {values.on && body}
    </div>
  );
}

type SelectProps = {
  id: string;
  label: string;
  value: string;
  error?: string;
  selectRef: Ref<HTMLSelectElement>;
  onChange: (value: string) => void;
  children: ReactNode;
};

function Select({ id, label, value, error, selectRef, onChange, children }: SelectProps) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
