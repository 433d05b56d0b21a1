import { useId, type ReactNode } from 'react';
import { FormField, inputClasses } from '@/components/ui/form-field';
import {
  PAY_FIELD_LABELS,
  PAY_MODELS,
  PAY_MODEL_LABELS,
  VEHICLES,
  VEHICLE_LABELS,
  relevantFields,
  type PayField,
  type PayFormValues,
  type PayModel,
  type Vehicle,
} from '@common/pay-estimator';

type Props = {
  values: PayFormValues;
  errors: Partial<Record<PayField, string>>;
  onChange: (field: PayField, value: string) => void;
};

const RATE_HINT: Record<PayModel, string> = {
  per_drop: 'Pounds paid for each drop (parcel or stop), e.g. 1.20',
  per_hour: 'Pounds paid for each hour, e.g. 13.50',
  per_day: 'Pounds paid for a day or a whole route, e.g. 150',
};

function SelectField({ label, value, error, onChange, children }: { label: string; value: string; error?: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses}
      >
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

/** The estimator's inputs. Every field is plain text kept as typed, so the address can hold it and validation can explain it. */
export function PayEstimatorForm({ values, errors, onChange }: Props) {
  const vehicle = (VEHICLES as readonly string[]).includes(values.vehicle) ? (values.vehicle as Vehicle) : 'van';
  const model = (PAY_MODELS as readonly string[]).includes(values.model) ? (values.model as PayModel) : 'per_drop';
  const shown = new Set(relevantFields(vehicle, model));

  const field = (name: PayField, hint?: string) =>
    shown.has(name) && (
      <FormField
        key={name}
        label={PAY_FIELD_LABELS[name]}
        name={name}
        hint={hint}
        error={errors[name]}
        value={values[name]}
        onChange={(e) => onChange(name, e.target.value)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
      />
    );

  return (
    <form className="grid gap-5" onSubmit={(e) => e.preventDefault()} aria-labelledby="estimator-form-heading" noValidate>
      <h2 id="estimator-form-heading" className="text-xl font-bold">
        Your work
      </h2>
      <SelectField label={PAY_FIELD_LABELS.vehicle} value={values.vehicle} error={errors.vehicle} onChange={(v) => onChange('vehicle', v)}>
        {!VEHICLES.includes(values.vehicle as Vehicle) && <option value={values.vehicle}>Choose a vehicle</option>}
        {VEHICLES.map((v) => (
          <option key={v} value={v}>
            {VEHICLE_LABELS[v]}
          </option>
        ))}
      </SelectField>
      <SelectField label={PAY_FIELD_LABELS.model} value={values.model} error={errors.model} onChange={(v) => onChange('model', v)}>
        {!PAY_MODELS.includes(values.model as PayModel) && <option value={values.model}>Choose how you are paid</option>}
        {PAY_MODELS.map((m) => (
          <option key={m} value={m}>
            {PAY_MODEL_LABELS[m]}
          </option>
        ))}
      </SelectField>
      {field('rate', RATE_HINT[model])}
      {field('drops')}
      {field('hours', 'Including loading, waiting and driving time')}
      {field('days')}
      {field('miles', 'Including the drive to and from the depot')}
      {field('fuel', 'The pump price, e.g. 145 for £1.45 a litre')}
      {field('mpg', 'Your real-world figure, UK gallons')}
      {field('ppm', 'About 5 to 10p charging at home off-peak; more on public rapid chargers')}
      <fieldset className="grid gap-4 rounded-lg border border-line p-4">
        <legend className="px-1 font-bold">Weekly vehicle costs</legend>
        <p className="text-sm text-muted">Counted for all 52 weeks of the year: insurance and finance do not stop when you take time off.</p>
        {field('insurance')}
        {field('hire')}
        {field('maintenance')}
      </fieldset>
      {field('weeks', 'Leave out holidays and time off sick; 46 allows six weeks off')}
    </form>
  );
}
