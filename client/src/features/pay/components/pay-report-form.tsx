import { useId, useState, type ReactNode } from 'react';
import { checkPayReport, ZPayReportRequest, type TPayReport, type TPayReportRequest } from '@common/contracts/pay';
import { ukToday, VEHICLES, VEHICLE_LABELS } from '@common/pay-estimator';
import { PAY_ENGAGEMENT_LABELS, PAY_ENGAGEMENTS, PAY_MSG, PAY_NETWORKS, payWindowStart, postcodeArea } from '@common/rules/pay';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { formErrors } from '@/lib/form-errors';

type Values = {
  network: string;
  engagement: string;
  vehicle: string;
  postcode: string;
  kind: 'day' | 'week';
  periodStart: string;
  periodEnd: string;
  hours: string;
  drops: string;
  miles: string;
  grossPay: string;
  fuel: string;
  vehicleCost: string;
  insurance: string;
  other: string;
};

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const minDay = (a: string, b: string) => (a < b ? a : b);

/** A new report starts as last week (Monday to Sunday, or up to today) on the given network. */
export function blankValues(network: string | null): Values {
  const today = ukToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const start = addDays(today, -weekday - 7);
  return {
    network: PAY_NETWORKS.some((n) => n.slug === network) ? network! : '',
    engagement: 'self_employed',
    vehicle: 'van',
    postcode: '',
    kind: 'week',
    periodStart: start,
    periodEnd: addDays(start, 6),
    hours: '',
    drops: '',
    miles: '',
    grossPay: '',
    fuel: '',
    vehicleCost: '',
    insurance: '',
    other: '',
  };
}

/** An existing report's values (its postcode is only an area: left empty, and kept unless changed). */
export function reportValues(r: TPayReport): Values {
  const s = (n: number) => String(n);
  return {
    network: r.network,
    engagement: r.engagement,
    vehicle: r.vehicle,
    postcode: '',
    kind: r.periodStart === r.periodEnd ? 'day' : 'week',
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    hours: s(r.hours),
    drops: s(r.drops),
    miles: s(r.miles),
    grossPay: s(r.grossPay),
    fuel: s(r.costs.fuel),
    vehicleCost: s(r.costs.vehicle),
    insurance: s(r.costs.insurance),
    other: s(r.costs.other),
  };
}

/** '' → undefined (the schema says what is missing), anything else → a number (NaN is refused with the field's message). */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim().replace(/^£/, '').replace(/,/g, '')));
const cost = (s: string) => (s.trim() === '' ? 0 : num(s));

function toBody(v: Values, keepPostcode: boolean): Omit<TPayReportRequest, 'postcode'> & { postcode?: string } {
  return {
    network: v.network as TPayReportRequest['network'],
    engagement: v.engagement as TPayReportRequest['engagement'],
    vehicle: v.vehicle as TPayReportRequest['vehicle'],
    ...(keepPostcode && v.postcode.trim() === '' ? {} : { postcode: v.postcode }),
    periodStart: v.periodStart,
    periodEnd: v.kind === 'day' ? v.periodStart : v.periodEnd,
    hours: num(v.hours) as number,
    drops: num(v.drops) as number,
    miles: num(v.miles) as number,
    grossPay: num(v.grossPay) as number,
    costs: { fuel: cost(v.fuel) as number, vehicle: cost(v.vehicleCost) as number, insurance: cost(v.insurance) as number, other: cost(v.other) as number },
  };
}

/** The server's rules, checked before sending: the schema, and the two that need today's date. */
function check(body: ReturnType<typeof toBody>, keepPostcode: boolean): Record<string, string> {
  const parsed = ZPayReportRequest.safeParse(keepPostcode && body.postcode === undefined ? { ...body, postcode: 'M1' } : body);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const i of parsed.error.issues) errors[i.path.join('.') || 'form'] ??= i.message;
    // zod skips the rules across fields while any field fails: say them all in one go (a missing
    // number compares false, so only what was typed is judged).
    checkPayReport(body as Parameters<typeof checkPayReport>[0], { addIssue: (i: { path?: PropertyKey[]; message?: string }) => void (errors[String(i.path?.[0])] ??= i.message ?? '') } as unknown as Parameters<typeof checkPayReport>[1]);
  }
  const today = ukToday();
  if (!errors.periodEnd && body.periodEnd > today) errors.periodEnd = PAY_MSG.periodFuture;
  if (!errors.periodStart && body.periodStart < payWindowStart(today)) errors.periodStart = PAY_MSG.periodTooOld;
  return errors;
}

type Props = {
  initial: Values;
  /** Editing: the report's postcode area, kept when the postcode is left empty. */
  existingArea?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toBody>) => Promise<unknown>;
};

/** The pay report form: a day or a week, every field with the server's rules and messages. */
export function PayReportForm({ initial, existingArea, submitLabel, pending, onSubmit }: Props) {
  const [v, setV] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof Values) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [field]: e.target.value }));
  const keepPostcode = existingArea !== undefined;
  const area = postcodeArea(v.postcode);

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const body = toBody(v, keepPostcode);
    const found = check(body, keepPostcode);
    setErrors(found);
    if (Object.keys(found).length) {
      // Take the reader to the first field to fix (a long form on a phone).
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await onSubmit(body);
    } catch (err) {
      setErrors(formErrors(err, 'Your report could not be sent. Please try again.'));
    }
  };

  const money = (field: keyof Values, label: string, hint?: string, name?: string) => (
    <FormField label={label} hint={hint} inputMode="decimal" autoComplete="off" value={v[field]} onChange={set(field)} error={errors[name ?? field]} />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Pay report">
      <Select label="Network or client" value={v.network} onChange={set('network')} error={errors.network}>
        <option value="">Choose…</option>
        {PAY_NETWORKS.map((n) => (
          <option key={n.slug} value={n.slug}>
            {n.name}
          </option>
        ))}
      </Select>
      <div className="grid gap-5 sm:grid-cols-2">
        <Select label="How you were engaged" value={v.engagement} onChange={set('engagement')} error={errors.engagement}>
          {PAY_ENGAGEMENTS.map((k) => (
            <option key={k} value={k}>
              {PAY_ENGAGEMENT_LABELS[k]}
            </option>
          ))}
        </Select>
        <Select label="Vehicle" value={v.vehicle} onChange={set('vehicle')} error={errors.vehicle}>
          {VEHICLES.map((k) => (
            <option key={k} value={k}>
              {VEHICLE_LABELS[k]}
            </option>
          ))}
        </Select>
      </div>
      <FormField
        label="Postcode district"
        hint={
          keepPostcode && !v.postcode
            ? `The first half of the postcode you worked from, such as M14. Leave empty to keep ${existingArea}.`
            : area
              ? `Only the area is kept: ${area.area}.`
              : 'The first half of the postcode you worked from, such as M14 or BS1. Only its area (M, BS) is kept.'
        }
        autoComplete="off"
        autoCapitalize="characters"
        value={v.postcode}
        onChange={set('postcode')}
        error={errors.postcode}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold">The period you worked</legend>
        <div className="flex flex-wrap gap-4">
          {(['day', 'week'] as const).map((k) => (
            <label key={k} className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name="pay-period" className="size-5" checked={v.kind === k} onChange={() => setV((old) => ({ ...old, kind: k }))} />
              {k === 'day' ? 'A day' : 'A week (up to 7 days)'}
            </label>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={v.kind === 'day' ? 'Day' : 'First day'}
            type="date"
            max={ukToday()}
            value={v.periodStart}
            onChange={(e) => {
              const start = e.target.value;
              // Moving the start of a week moves its end with it (6 days on, not after today).
              setV((old) => ({ ...old, periodStart: start, periodEnd: start && old.kind === 'week' ? minDay(addDays(start, 6), ukToday()) : old.periodEnd }));
            }}
            error={errors.periodStart}
          />
          {v.kind === 'week' && <FormField label="Last day" type="date" max={ukToday()} value={v.periodEnd} onChange={set('periodEnd')} error={errors.periodEnd} />}
        </div>
        {v.kind === 'day' && errors.periodEnd && (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {errors.periodEnd}
          </p>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Hours worked" hint="Including waiting and loading" inputMode="decimal" value={v.hours} onChange={set('hours')} error={errors.hours} />
        <FormField label="Parcels or drops" inputMode="numeric" value={v.drops} onChange={set('drops')} error={errors.drops} />
        <FormField label="Miles" inputMode="decimal" value={v.miles} onChange={set('miles')} error={errors.miles} />
      </div>
      {money('grossPay', 'Gross pay (£)', 'Everything you were paid for the period, before costs')}

      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold">Your costs for the period (£)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {money('fuel', 'Fuel or charging', undefined, 'costs.fuel')}
          {money('vehicleCost', 'Van hire or lease', undefined, 'costs.vehicle')}
          {money('insurance', 'Insurance', undefined, 'costs.insurance')}
          {money('other', 'Other costs', 'Parking, tolls, phone, repairs', 'costs.other')}
        </div>
      </fieldset>

      {(errors.form || errors.costs) && (
        <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-950">
          {errors.form ?? errors.costs}
        </p>
      )}
      <div>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined} className="w-full sm:w-auto">
          {pending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Select({ label, value, error, onChange, children }: { label: string; value: string; error?: string; onChange: (e: { target: { value: string } }) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={inputClasses}>
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
