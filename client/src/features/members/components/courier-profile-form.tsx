import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZCourierProfile, type TCourierProfile } from '@common/contracts/courier';
import {
  COURIER_ENGAGEMENTS,
  COURIER_FIELD_LABELS,
  COURIER_MSG,
  COURIER_NETWORKS,
  COURIER_NETWORKS_MAX,
  COURIER_VEHICLES,
  courierEngagementLabel,
  courierVehicleLabel,
  POSTCODE_AREAS,
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_LABELS,
  YEARS_ON_ROAD_MAX,
  type TProfileVisibility,
} from '@common/rules/courier';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { failureText, fieldErrors } from '@/lib/form-errors';
import { getCourierProfileQueryOptions, useUpdateCourierProfile } from '../api/members-api';
import { FieldError } from '@/components/ui/field-error';

/** The form's own values: selects and the years box hold text, '' for "Not set". */
type Values = {
  networks: string[];
  networksVisibility: TProfileVisibility;
  vehicle: string;
  vehicleVisibility: TProfileVisibility;
  area: string;
  areaVisibility: TProfileVisibility;
  yearsOnRoad: string;
  yearsVisibility: TProfileVisibility;
  engagement: string;
  engagementVisibility: TProfileVisibility;
};

const valuesOf = (p: TCourierProfile): Values => ({
  networks: p.networks,
  networksVisibility: p.networksVisibility,
  vehicle: p.vehicle ?? '',
  vehicleVisibility: p.vehicleVisibility,
  area: p.area ?? '',
  areaVisibility: p.areaVisibility,
  yearsOnRoad: p.yearsOnRoad === null ? '' : String(p.yearsOnRoad),
  yearsVisibility: p.yearsVisibility,
  engagement: p.engagement ?? '',
  engagementVisibility: p.engagementVisibility,
});

const orNull = (s: string) => (s === '' ? null : s);

/** The whole profile as the server takes it ('' is unset; typed years are judged by the schema, NaN included). */
const bodyOf = (v: Values) => ({
  ...v,
  vehicle: orNull(v.vehicle),
  area: orNull(v.area),
  yearsOnRoad: v.yearsOnRoad.trim() === '' ? null : Number(v.yearsOnRoad.trim()),
  engagement: orNull(v.engagement),
});

const FIELDS: readonly string[] = [
  'networks',
  'networksVisibility',
  'vehicle',
  'vehicleVisibility',
  'area',
  'areaVisibility',
  'yearsOnRoad',
  'yearsVisibility',
  'engagement',
  'engagementVisibility',
] satisfies (keyof Values)[];

/** The form's fields named by a 400, each with its first message; a network's own ('networks.2') is told on the group. */
function byField(messages: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, m] of Object.entries(messages)) {
    const field = k.split('.')[0]!;
    if (m && FIELDS.includes(field)) out[field] ??= m;
  }
  return out;
}

/** "Courier profile" in the member's settings (issue 32): loads the profile, then its form. */
export function CourierProfileForm({ onDone }: { onDone: () => void }) {
  const profile = useQuery(getCourierProfileQueryOptions());
  if (profile.isPending) return <Spinner label="Loading your courier profile" className="py-6" />;
  if (profile.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
        <p>{errorMessage(profile.error, 'Your courier profile did not load. Check your signal and try again.')}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
          {profile.isFetching ? 'Trying again…' : 'Try Again'}
        </Button>
      </div>
    );
  }
  return <CourierProfileFields initial={profile.data} onDone={onDone} />;
}

/**
 * Networks, vehicle, postcode area, years on the road and engagement, each optional and each with who
 * sees it → PUT /api/profile/courier (the whole profile). The server's rules are checked before sending.
 */
function CourierProfileFields({ initial, onDone }: { initial: TCourierProfile; onDone: () => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const save = useUpdateCourierProfile();
  const [v, setV] = useState<Values>(() => valuesOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof Values>(field: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [field]: value }));

  const chosen = v.networks.length;
  const full = chosen >= COURIER_NETWORKS_MAX;
  const toggleNetwork = (slug: string, on: boolean) =>
    // Added at the end: the member's order of choosing is the order shown.
    setV((old) => ({ ...old, networks: on ? [...old.networks.filter((n) => n !== slug), slug] : old.networks.filter((n) => n !== slug) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCourierProfile.safeParse(bodyOf(v));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0] ?? 'form')] ??= i.message;
      setErrors(found);
      // Take the reader to the first field to fix (a long form on a phone).
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: COURIER_MSG.saved, variant: 'success' });
        onDone();
      },
      onError: (err) => {
        const fields = byField(fieldErrors(err, { status: 400 }));
        // A 400 that names no field still says what is wrong, on the form.
        setErrors(Object.keys(fields).length ? fields : { form: failureText(err) });
        toast({ title: 'Could not save your courier profile', description: failureText(err), variant: 'destructive' });
      },
    });
  };

  const networksHint = `${id}-networks-hint`;
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <p>
          Help other couriers find you and know who they are talking to. Everything is optional, and each item has its own{' '}
          <span className="font-semibold">Who sees this</span>:
        </p>
        <ul className="grid gap-1.5 pl-1 text-sm">
          <li>
            <span className="font-semibold">{PROFILE_VISIBILITY_LABELS.everyone}:</span> anyone, guests too, and beside your posts and comments.
          </li>
          <li>
            <span className="font-semibold">{PROFILE_VISIBILITY_LABELS.members}:</span> signed-in members with a verified email, on your profile
            and your directory card; the directory’s filters can find you by it.
          </li>
          <li>
            <span className="font-semibold">{PROFILE_VISIBILITY_LABELS.nobody}:</span> nobody else. A directory filter never matches it.
          </li>
        </ul>
      </div>

      <FieldRow>
        <fieldset aria-describedby={errors.networks ? `${networksHint} ${id}-networks-error` : networksHint} className="grid min-w-0 gap-2">
          <legend className="mb-1 font-semibold">{COURIER_FIELD_LABELS.networks}</legend>
          <p id={networksHint} aria-live="polite" className="text-sm text-muted">
            {full
              ? `You have chosen ${COURIER_NETWORKS_MAX}, the most you can. Untick one to choose another.`
              : `Choose up to ${COURIER_NETWORKS_MAX}. ${chosen} chosen.`}
          </p>
          <div className="grid grid-cols-1 gap-2 min-[22rem]:grid-cols-2 md:grid-cols-3">
            {COURIER_NETWORKS.map((n) => {
              const checked = v.networks.includes(n.slug);
              return (
                <label
                  key={n.slug}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-checked:border-brand-800 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
                >
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-brand-800"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(e) => toggleNetwork(n.slug, e.target.checked)}
                  />
                  <span className="min-w-0 wrap-anywhere">{n.name}</span>
                </label>
              );
            })}
          </div>
          <FieldError id={`${id}-networks-error`} message={errors.networks} />
        </fieldset>
        <VisibilitySelect field={COURIER_FIELD_LABELS.networks} value={v.networksVisibility} onChange={set('networksVisibility')} error={errors.networksVisibility} />
      </FieldRow>

      <FieldRow>
        <Select label={COURIER_FIELD_LABELS.vehicle} value={v.vehicle} onChange={set('vehicle')} error={errors.vehicle}>
          <option value="">Not set</option>
          {COURIER_VEHICLES.map((k) => (
            <option key={k} value={k}>
              {courierVehicleLabel(k)}
            </option>
          ))}
        </Select>
        <VisibilitySelect field={COURIER_FIELD_LABELS.vehicle} value={v.vehicleVisibility} onChange={set('vehicleVisibility')} error={errors.vehicleVisibility} />
      </FieldRow>

      <FieldRow>
        <Select
          label={COURIER_FIELD_LABELS.area}
          hint="The letters of your postcode area only, never your full postcode: LS for Leeds, M for Manchester."
          value={v.area}
          onChange={set('area')}
          error={errors.area}
        >
          <option value="">Not set</option>
          {POSTCODE_AREAS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
        <VisibilitySelect field={COURIER_FIELD_LABELS.area} value={v.areaVisibility} onChange={set('areaVisibility')} error={errors.areaVisibility} />
      </FieldRow>

      <FieldRow>
        {/* Text with a number keypad rather than type=number: a wheel or a stray letter never changes it unseen. */}
        <FormField
          label={COURIER_FIELD_LABELS.yearsOnRoad}
          hint={`Whole years, 0 to ${YEARS_ON_ROAD_MAX}. Leave it empty to say nothing.`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          value={v.yearsOnRoad}
          onChange={(e) => set('yearsOnRoad')(e.currentTarget.value)}
          error={errors.yearsOnRoad}
        />
        <VisibilitySelect field={COURIER_FIELD_LABELS.yearsOnRoad} value={v.yearsVisibility} onChange={set('yearsVisibility')} error={errors.yearsVisibility} />
      </FieldRow>

      <FieldRow>
        <Select label={COURIER_FIELD_LABELS.engagement} value={v.engagement} onChange={set('engagement')} error={errors.engagement}>
          <option value="">Not set</option>
          {COURIER_ENGAGEMENTS.map((k) => (
            <option key={k} value={k}>
              {courierEngagementLabel(k)}
            </option>
          ))}
        </Select>
        <VisibilitySelect field={COURIER_FIELD_LABELS.engagement} value={v.engagementVisibility} onChange={set('engagementVisibility')} error={errors.engagementVisibility} />
      </FieldRow>

      {errors.form && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-950">
          {errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save courier profile'}
        </Button>
      </div>
    </form>
  );
}

/** One item and who sees it: side by side where there is room, the choice of who under it on a phone. */
function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 border-t border-line pt-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,13rem)] sm:items-start">{children}</div>;
}

type SelectProps = { label: ReactNode; hint?: string; value: string; error?: string; onChange: (value: string) => void; children: ReactNode };

function Select({ label, hint, value, error, onChange, children }: SelectProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** "Who sees this", named after its item for a screen reader (several sit on one form). */
function VisibilitySelect({ field, value, error, onChange }: { field: string; value: TProfileVisibility; error?: string; onChange: (v: TProfileVisibility) => void }) {
  return (
    <Select
      label={
        <>
          Who sees this<span className="sr-only">: {field}</span>
        </>
      }
      value={value}
      error={error}
      onChange={(v) => onChange(v as TProfileVisibility)}
    >
      {PROFILE_VISIBILITIES.map((k) => (
        <option key={k} value={k}>
          {PROFILE_VISIBILITY_LABELS[k]}
        </option>
      ))}
    </Select>
  );
}
