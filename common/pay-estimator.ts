// The courier pay estimator (/pay-estimator): a pure calculation, shared by the page and anything
// that renders it on the server. Money is in pounds (floats, rounded only for display); fuel and
// per-mile costs are in pence, as pumps and tariffs quote them.
//
// Rates that change are dated tables picked by a date, so the page answers with the figures in
// force today and the tests can pin any day.

import { NATIONAL_LIVING_WAGE } from './rules/pay.ts';

export { VEHICLE_LABELS, VEHICLES, type Vehicle } from './rules/trade.ts';
import { VEHICLES, type Vehicle } from './rules/trade.ts';
import { londonDate } from './london-day.ts';

export const PAY_MODELS = ['per_drop', 'per_hour', 'per_day'] as const;
export type PayModel = (typeof PAY_MODELS)[number];

export const PAY_MODEL_LABELS: Record<PayModel, string> = { per_drop: 'Per drop', per_hour: 'Per hour', per_day: 'Per day or route' };

export type PayInputs = {
  vehicle: Vehicle;
  model: PayModel;
  /** £ per drop, per hour or per day, by `model`. */
  rate: number;
  drops: number;
  hours: number;
  days: number;
  miles: number;
  /** Fuel price, pence per litre (petrol or diesel vehicles). */
  fuel: number;
  /** Fuel economy, miles per UK gallon. */
  mpg: number;
  /** Energy cost of an EV, pence per mile (home or public charging). */
  ppm: number;
  /** Weekly vehicle costs, £. */
  insurance: number;
  hire: number;
  maintenance: number;
  /** Weeks worked a year. */
  weeks: number;
};
export type PayField = keyof PayInputs;

/** A van on a per-drop round: the example the page opens with. */
export const PAY_DEFAULTS: PayInputs = {
  vehicle: 'van',
  model: 'per_drop',
  rate: 1.2,
  drops: 100,
  hours: 10,
  days: 5,
  miles: 80,
  fuel: 145,
  mpg: 35,
  ppm: 9,
  insurance: 40,
  hire: 0,
  maintenance: 15,
  weeks: 46,
};

export const PAY_FIELD_LABELS: Record<PayField, string> = {
  vehicle: 'Vehicle',
  model: 'How you are paid',
  rate: 'Rate (£)',
  drops: 'Drops per day',
  hours: 'Hours worked per day',
  days: 'Days worked per week',
  miles: 'Miles driven per day',
  fuel: 'Fuel price (pence per litre)',
  mpg: 'Fuel economy (miles per gallon)',
  ppm: 'Charging cost (pence per mile)',
  insurance: 'Insurance (£ per week)',
  hire: 'Hire, lease or finance (£ per week)',
  maintenance: 'Maintenance and tyres (£ per week)',
  weeks: 'Weeks worked per year',
};

// ---------------------------------------------------------------------------------------------
// Dated constants

/** National Living Wage (workers aged 21 and over): one table, common/rules/pay.ts, shared with the Courier Pay Index. */
export { NATIONAL_LIVING_WAGE };

export type TaxYear = {
  label: string;
  /** First and last day (6 April to 5 April). */
  from: string;
  to: string;
  personalAllowance: number;
  /** The allowance falls by £1 for every £2 of income above this. */
  taperThreshold: number;
  /** Taxable income taxed at the basic rate (£12,570 + £37,700 = £50,270 with a full allowance). */
  basicRateBand: number;
  /** Taxable income above this is taxed at the additional rate. */
  additionalRateThreshold: number;
  basicRate: number;
  higherRate: number;
  additionalRate: number;
  /** Class 4 National Insurance on profits: main rate between the limits, additional rate above. */
  class4LowerLimit: number;
  class4UpperLimit: number;
  class4MainRate: number;
  class4AdditionalRate: number;
};

// England, Wales and Northern Ireland income tax; National Insurance is UK-wide. Class 2 National
// Insurance stopped being payable from 6 April 2024 (only voluntary contributions remain), so it is
// not part of the estimate. The thresholds are frozen, so both years carry the same figures.
const RUK_FROZEN = {
  personalAllowance: 12_570,
  taperThreshold: 100_000,
  basicRateBand: 37_700,
  additionalRateThreshold: 125_140,
  basicRate: 0.2,
  higherRate: 0.4,
  additionalRate: 0.45,
  class4LowerLimit: 12_570,
  class4UpperLimit: 50_270,
  class4MainRate: 0.06,
  class4AdditionalRate: 0.02,
};
export const TAX_YEARS: readonly TaxYear[] = [
  { label: '2025/26', from: '2025-04-06', to: '2026-04-05', ...RUK_FROZEN },
  { label: '2026/27', from: '2026-04-06', to: '2027-04-05', ...RUK_FROZEN },
];

/** HMRC simplified expenses: flat rates per business mile for the self-employed. */
export const MILEAGE_RATES = {
  carOrVanFirst10k: 0.45,
  carOrVanAfter10k: 0.25,
  carOrVanThresholdMiles: 10_000,
  motorcycle: 0.24,
  /** HMRC's approved rate for bicycles applies to employees; simplified expenses for the self-employed do not list bicycles. */
  bicycle: 0.2,
} as const;

/** Litres in a UK (imperial) gallon: mpg figures in the UK are per imperial gallon. */
export const LITRES_PER_GALLON = 4.54609;
export const WEEKS_PER_YEAR = 52;

// ---------------------------------------------------------------------------------------------
// Picking constants by date (dates are ISO 'YYYY-MM-DD', compared as strings)

export function nationalLivingWageOn(date: string): { from: string; hourly: number } | null {
  let found: { from: string; hourly: number } | null = null;
  for (const r of NATIONAL_LIVING_WAGE) if (r.from <= date) found = r;
  return found;
}

/** The tax year containing `date`; outside the table, the nearest year with `assumed: true`. */
export function taxYearOn(date: string): { year: TaxYear; assumed: boolean } {
  const hit = TAX_YEARS.find((y) => y.from <= date && date <= y.to);
  if (hit) return { year: hit, assumed: false };
  return { year: date < TAX_YEARS[0].from ? TAX_YEARS[0] : TAX_YEARS[TAX_YEARS.length - 1], assumed: true };
}

/** Today in the UK (Europe/London) as 'YYYY-MM-DD'. */
export function ukToday(now: Date = new Date()): string {
  return londonDate(now);
}

// ---------------------------------------------------------------------------------------------
// Tax

export type TaxEstimate = {
  profit: number;
  personalAllowance: number;
  taxableIncome: number;
  basicRateTax: number;
  higherRateTax: number;
  additionalRateTax: number;
  incomeTax: number;
  class4: number;
  total: number;
};

/** Income Tax (England, Wales and Northern Ireland bands) and Class 4 NI on a year's profit, assuming no other income. */
export function estimateTax(profit: number, year: TaxYear): TaxEstimate {
  const p = Math.max(0, profit);
  const reduction = Math.floor(Math.max(0, p - year.taperThreshold) / 2);
  const personalAllowance = Math.max(0, year.personalAllowance - reduction);
  const taxableIncome = Math.max(0, p - personalAllowance);
  const basic = Math.min(taxableIncome, year.basicRateBand);
  const higher = Math.min(Math.max(0, taxableIncome - year.basicRateBand), year.additionalRateThreshold - year.basicRateBand);
  const additional = Math.max(0, taxableIncome - year.additionalRateThreshold);
  const basicRateTax = round2(basic * year.basicRate);
  const higherRateTax = round2(higher * year.higherRate);
  const additionalRateTax = round2(additional * year.additionalRate);
  const incomeTax = round2(basicRateTax + higherRateTax + additionalRateTax);
  const mainBand = Math.max(0, Math.min(p, year.class4UpperLimit) - year.class4LowerLimit);
  const class4 = round2(mainBand * year.class4MainRate + Math.max(0, p - year.class4UpperLimit) * year.class4AdditionalRate);
  return { profit: p, personalAllowance, taxableIncome, basicRateTax, higherRateTax, additionalRateTax, incomeTax, class4, total: round2(incomeTax + class4) };
}

// ---------------------------------------------------------------------------------------------
// Mileage allowance

export type MileageAllowance = {
  businessMiles: number;
  amount: number;
  /** How it was worked out, for the page. */
  basis: string;
  /** False for bicycles: the 20p rate is for employees, not the self-employed's simplified expenses. */
  availableToSelfEmployed: boolean;
};

export function mileageAllowance(vehicle: Vehicle, businessMiles: number): MileageAllowance {
  const m = Math.max(0, businessMiles);
  if (vehicle === 'bike') {
    return { businessMiles: m, amount: round2(m * MILEAGE_RATES.bicycle), basis: '20p a mile', availableToSelfEmployed: false };
  }
  if (vehicle === 'motorbike') {
    return { businessMiles: m, amount: round2(m * MILEAGE_RATES.motorcycle), basis: '24p a mile', availableToSelfEmployed: true };
  }
  const first = Math.min(m, MILEAGE_RATES.carOrVanThresholdMiles);
  const rest = m - first;
  return {
    businessMiles: m,
    amount: round2(first * MILEAGE_RATES.carOrVanFirst10k + rest * MILEAGE_RATES.carOrVanAfter10k),
    basis: '45p a mile for the first 10,000 miles, 25p after',
    availableToSelfEmployed: true,
  };
}

// ---------------------------------------------------------------------------------------------
// The estimate

export type PayEstimate = {
  date: string;
  taxYear: TaxYear;
  taxYearAssumed: boolean;
  hoursPerYear: number;
  gross: { perDay: number; perWeek: number; perYear: number };
  running: {
    /** Fuel or charging, pence per mile. */
    energyPencePerMile: number;
    energyPerWeek: number;
    energyPerYear: number;
    /** Insurance + hire/finance + maintenance. */
    fixedPerWeek: number;
    /** Fixed costs run all 52 weeks: insurance and finance don't stop in weeks off. */
    fixedPerYear: number;
    perYear: number;
  };
  /** After running costs, before tax. Per week is per week worked. */
  net: { perHour: number | null; perWeek: number; perYear: number };
  nationalLivingWage: { from: string; hourly: number; difference: number | null } | null;
  expenses: {
    actual: number;
    mileage: MileageAllowance;
    better: 'actual' | 'mileage';
    /** What the tax estimate deducts: the better of the two that the self-employed may use. */
    claimed: number;
  };
  tax: TaxEstimate;
  /** After running costs, Income Tax and Class 4 NI. */
  takeHome: { perHour: number | null; perWeek: number; perYear: number };
};

export function fuelPencePerMile(i: Pick<PayInputs, 'vehicle' | 'fuel' | 'mpg' | 'ppm'>): number {
  if (i.vehicle === 'bike') return 0;
  if (i.vehicle === 'ev') return i.ppm;
  return i.mpg > 0 ? (i.fuel * LITRES_PER_GALLON) / i.mpg : 0;
}

export function estimatePay(i: PayInputs, date: string): PayEstimate {
  const { year, assumed } = taxYearOn(date);
  const perDay = i.model === 'per_drop' ? i.rate * i.drops : i.model === 'per_hour' ? i.rate * i.hours : i.rate;
  const perWeek = perDay * i.days;
  const perYear = perWeek * i.weeks;

  const energyPencePerMile = fuelPencePerMile(i);
  const energyPerWeek = (energyPencePerMile * i.miles * i.days) / 100;
  const energyPerYear = energyPerWeek * i.weeks;
  const fixedPerWeek = i.insurance + i.hire + i.maintenance;
  const fixedPerYear = fixedPerWeek * WEEKS_PER_YEAR;
  const runningPerYear = energyPerYear + fixedPerYear;

  const hoursPerYear = i.hours * i.days * i.weeks;
  const netYear = perYear - runningPerYear;
  const netHour = hoursPerYear > 0 ? netYear / hoursPerYear : null;

  const mileage = mileageAllowance(i.vehicle, i.miles * i.days * i.weeks);
  const better = mileage.availableToSelfEmployed && mileage.amount > runningPerYear ? 'mileage' : 'actual';
  const claimed = better === 'mileage' ? mileage.amount : runningPerYear;
  const tax = estimateTax(perYear - claimed, year);

  const takeHomeYear = netYear - tax.total;
  const nlw = nationalLivingWageOn(date);

  return {
    date,
    taxYear: year,
    taxYearAssumed: assumed,
    hoursPerYear,
    gross: { perDay, perWeek, perYear },
    running: { energyPencePerMile, energyPerWeek, energyPerYear, fixedPerWeek, fixedPerYear, perYear: runningPerYear },
    net: { perHour: netHour, perWeek: i.weeks > 0 ? netYear / i.weeks : 0, perYear: netYear },
    nationalLivingWage: nlw ? { ...nlw, difference: netHour === null ? null : netHour - nlw.hourly } : null,
    expenses: { actual: runningPerYear, mileage, better, claimed },
    tax,
    takeHome: {
      perHour: hoursPerYear > 0 ? takeHomeYear / hoursPerYear : null,
      perWeek: i.weeks > 0 ? takeHomeYear / i.weeks : 0,
      perYear: takeHomeYear,
    },
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Form values and the address: what the user typed, as strings, validated into PayInputs

export type PayFormValues = Record<PayField, string>;

const NUMBER_FIELDS = ['rate', 'drops', 'hours', 'days', 'miles', 'fuel', 'mpg', 'ppm', 'insurance', 'hire', 'maintenance', 'weeks'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/** Sensible limits: anything outside is a typing slip, not a round. */
const LIMITS: Record<NumberField, { min: number; max: number; minExclusive?: boolean; whole?: boolean }> = {
  rate: { min: 0, max: 2000 },
  drops: { min: 0, max: 500, whole: true },
  hours: { min: 0, max: 24, minExclusive: true },
  days: { min: 0, max: 7, minExclusive: true },
  miles: { min: 0, max: 1000 },
  fuel: { min: 0, max: 500, minExclusive: true },
  mpg: { min: 0, max: 200, minExclusive: true },
  ppm: { min: 0, max: 200 },
  insurance: { min: 0, max: 5000 },
  hire: { min: 0, max: 5000 },
  maintenance: { min: 0, max: 5000 },
  weeks: { min: 0, max: 52, minExclusive: true, whole: true },
};
const RATE_MAX: Record<PayModel, number> = { per_drop: 100, per_hour: 200, per_day: 2000 };

/** The fields that matter for a vehicle and pay model (the others are hidden and left out of the address). */
export function relevantFields(vehicle: Vehicle, model: PayModel): PayField[] {
  const fields: PayField[] = ['vehicle', 'model', 'rate'];
  if (model === 'per_drop') fields.push('drops');
  fields.push('hours', 'days', 'miles');
  if (vehicle === 'ev') fields.push('ppm');
  else if (vehicle !== 'bike') fields.push('fuel', 'mpg');
  fields.push('insurance', 'hire', 'maintenance', 'weeks');
  return fields;
}

const toFormValue = (v: string | number) => String(v);

export const PAY_DEFAULT_VALUES: PayFormValues = Object.fromEntries(
  Object.entries(PAY_DEFAULTS).map(([k, v]) => [k, toFormValue(v)]),
) as PayFormValues;

/** Form values from an address query: what is there is kept as typed (validation reports it), the rest is the default. */
export function formValuesFromQuery(query: URLSearchParams): PayFormValues {
  const values = { ...PAY_DEFAULT_VALUES };
  for (const key of Object.keys(values) as PayField[]) {
    const v = query.get(key);
    if (v !== null) values[key] = v.slice(0, 20);
  }
  return values;
}

/** The address query for form values: only the fields that matter for the chosen vehicle and pay model. */
export function queryFromFormValues(values: PayFormValues): URLSearchParams {
  const vehicle = (VEHICLES as readonly string[]).includes(values.vehicle) ? (values.vehicle as Vehicle) : PAY_DEFAULTS.vehicle;
  const model = (PAY_MODELS as readonly string[]).includes(values.model) ? (values.model as PayModel) : PAY_DEFAULTS.model;
  const q = new URLSearchParams();
  for (const f of relevantFields(vehicle, model)) q.set(f, values[f].trim());
  return q;
}

const fmt = (n: number) => n.toLocaleString('en-GB');

export type PayValidation = { ok: true; inputs: PayInputs } | { ok: false; errors: Partial<Record<PayField, string>> };

/** Checks form values; each problem gets a message naming the field and what is allowed. */
export function validatePayForm(values: PayFormValues): PayValidation {
  const errors: Partial<Record<PayField, string>> = {};
  const vehicle = values.vehicle as Vehicle;
  const model = values.model as PayModel;
  if (!VEHICLES.includes(vehicle)) errors.vehicle = 'Choose a vehicle: bicycle, motorbike, car, van or electric vehicle';
  if (!PAY_MODELS.includes(model)) errors.model = 'Choose how you are paid: per drop, per hour or per day';

  const relevant = new Set(relevantFields(VEHICLES.includes(vehicle) ? vehicle : 'van', PAY_MODELS.includes(model) ? model : 'per_drop'));
  const inputs: Record<string, unknown> = { ...PAY_DEFAULTS, vehicle, model };
  for (const field of NUMBER_FIELDS) {
    if (!relevant.has(field)) continue;
    const label = PAY_FIELD_LABELS[field];
    const raw = values[field].trim().replace(/^£/, '').replace(/,/g, '');
    if (raw === '') {
      errors[field] = `Enter ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
      continue;
    }
    const n = Number(raw);
    const limit = LIMITS[field];
    const max = field === 'rate' && PAY_MODELS.includes(model) ? RATE_MAX[model] : limit.max;
    if (!Number.isFinite(n)) errors[field] = `${label} must be a number`;
    else if (n < 0) errors[field] = `${label} can't be negative`;
    else if (limit.minExclusive && n <= limit.min) errors[field] = `${label} must be more than 0`;
    else if (n > max) errors[field] = `${label} must be at most ${fmt(max)}`;
    else if (limit.whole && !Number.isInteger(n)) errors[field] = `${label} must be a whole number`;
    else inputs[field] = n;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, inputs: inputs as PayInputs };
}
