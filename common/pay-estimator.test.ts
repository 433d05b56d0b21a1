import { describe, expect, it } from 'vitest';
import {
  PAY_DEFAULT_VALUES,
  estimatePay,
  estimateTax,
  formValuesFromQuery,
  mileageAllowance,
  nationalLivingWageOn,
  queryFromFormValues,
  taxYearOn,
  validatePayForm,
  type PayInputs,
} from './pay-estimator';

const Y2026 = taxYearOn('2026-11-22').year;
const base: PayInputs = {
  vehicle: 'van',
  model: 'per_drop',
  rate: 1.2,
  drops: 100,
  hours: 10,
  days: 5,
  miles: 80,
  fuel: 145,
  mpg: 35,
  ppm: 0,
  insurance: 40,
  hire: 0,
  maintenance: 15,
  weeks: 46,
};

describe('estimatePay: hand-worked examples (2026/27)', () => {
  it('a per-drop van round with fuel: mileage allowance beats actual costs', () => {
    const r = estimatePay(base, '2026-11-22');
    // Gross: £1.20 × 100 drops = £120 a day; × 5 days = £600 a week; × 46 weeks = £27,600 a year.
    expect(r.gross).toEqual({ perDay: 120, perWeek: 600, perYear: 27_600 });
    // Fuel: 145p/l × 4.54609 l/gal ÷ 35 mpg = 18.8338p a mile; 80 miles × 5 days = 400 miles a week
    // → £75.34 a week; × 46 weeks = £3,465.42 a year.
    expect(r.running.energyPencePerMile).toBeCloseTo(18.8338, 4);
    expect(r.running.energyPerWeek).toBeCloseTo(75.34, 2);
    expect(r.running.energyPerYear).toBeCloseTo(3465.42, 2);
    // Fixed: £40 insurance + £15 maintenance = £55 a week, paid all 52 weeks = £2,860.
    expect(r.running.fixedPerYear).toBe(2860);
    // Running costs £6,325.42; net before tax £27,600 − £6,325.42 = £21,274.58.
    expect(r.running.perYear).toBeCloseTo(6325.42, 2);
    expect(r.net.perYear).toBeCloseTo(21_274.58, 2);
    // Hours: 10 × 5 × 46 = 2,300 → £21,274.58 ÷ 2,300 = £9.25 an hour; per week worked ÷ 46 = £462.49.
    expect(r.hoursPerYear).toBe(2300);
    expect(r.net.perHour).toBeCloseTo(9.25, 2);
    expect(r.net.perWeek).toBeCloseTo(462.49, 2);
    // Against the NLW of £12.71 (from 1 April 2026): £3.46 an hour short.
    expect(r.nationalLivingWage).toMatchObject({ from: '2026-04-01', hourly: 12.71 });
    expect(r.nationalLivingWage?.difference).toBeCloseTo(-3.46, 2);
    // Business miles 80 × 5 × 46 = 18,400: 10,000 × 45p = £4,500 + 8,400 × 25p = £2,100 → £6,600,
    // more than the £6,325.42 actual costs, so the allowance is the better claim.
    expect(r.expenses.mileage.businessMiles).toBe(18_400);
    expect(r.expenses.mileage.amount).toBe(6600);
    expect(r.expenses.better).toBe('mileage');
    // Taxable profit £27,600 − £6,600 = £21,000; above the allowance £8,430:
    // Income Tax 20% = £1,686; Class 4 NI 6% = £505.80.
    expect(r.tax.profit).toBe(21_000);
    expect(r.tax.incomeTax).toBe(1686);
    expect(r.tax.class4).toBe(505.8);
    // Take-home £21,274.58 − £1,686 − £505.80 = £19,082.78.
    expect(r.takeHome.perYear).toBeCloseTo(19_082.78, 2);
    expect(r.taxYear.label).toBe('2026/27');
  });

  it('an EV on a day rate with a cost per mile: actual costs beat the allowance', () => {
    const r = estimatePay({ ...base, vehicle: 'ev', model: 'per_day', rate: 150, hours: 9, miles: 100, ppm: 9, insurance: 30, hire: 120, maintenance: 0 }, '2026-11-22');
    // Gross £150 × 5 × 46 = £34,500.
    expect(r.gross.perYear).toBe(34_500);
    // Energy 100 miles × 5 days × 9p = £45 a week → £2,070 a year (fuel price and mpg ignored).
    expect(r.running.energyPencePerMile).toBe(9);
    expect(r.running.energyPerYear).toBe(2070);
    // Fixed (£30 + £120) × 52 = £7,800; running £9,870; net £24,630.
    expect(r.running.perYear).toBe(9870);
    expect(r.net.perYear).toBe(24_630);
    // Hours 9 × 5 × 46 = 2,070 → £11.90 an hour, £0.81 below £12.71.
    expect(r.net.perHour).toBeCloseTo(11.8986, 4);
    expect(r.nationalLivingWage?.difference).toBeCloseTo(-0.8114, 4);
    // Miles 23,000: £4,500 + 13,000 × 25p = £3,250 → £7,750 < £9,870 actual.
    expect(r.expenses.mileage.amount).toBe(7750);
    expect(r.expenses.better).toBe('actual');
    // Profit £24,630; taxable £12,060 → tax £2,412, Class 4 £723.60.
    expect(r.tax.incomeTax).toBe(2412);
    expect(r.tax.class4).toBe(723.6);
    expect(r.takeHome.perYear).toBeCloseTo(24_630 - 2412 - 723.6, 2);
  });

  it('a bicycle paid per hour: no fuel, and the 20p rate is not a self-employed claim', () => {
    const r = estimatePay({ ...base, vehicle: 'bike', model: 'per_hour', rate: 13, hours: 6, days: 6, miles: 40, fuel: 999, insurance: 5, hire: 0, maintenance: 10 }, '2026-11-22');
    // Gross £13 × 6 h = £78 a day × 6 = £468 a week × 46 = £21,528.
    expect(r.gross).toEqual({ perDay: 78, perWeek: 468, perYear: 21_528 });
    // No fuel; fixed £15 × 52 = £780; net £20,748; hours 6 × 6 × 46 = 1,656 → £12.53 an hour.
    expect(r.running.energyPerYear).toBe(0);
    expect(r.net.perYear).toBe(20_748);
    expect(r.net.perHour).toBeCloseTo(12.529, 3);
    expect(r.nationalLivingWage?.difference).toBeCloseTo(-0.181, 3);
    // 40 × 6 × 46 = 11,040 miles × 20p = £2,208 shown, but it is the employees' rate: the tax
    // estimate deducts actual costs (£780) instead.
    expect(r.expenses.mileage).toMatchObject({ amount: 2208, availableToSelfEmployed: false });
    expect(r.expenses.better).toBe('actual');
    expect(r.expenses.claimed).toBe(780);
    // Taxable £20,748 − £12,570 = £8,178 → tax £1,635.60, Class 4 £490.68.
    expect(r.tax.incomeTax).toBe(1635.6);
    expect(r.tax.class4).toBe(490.68);
  });

  it('a motorbike: fuel from price and mpg, 24p a mile flat', () => {
    const r = estimatePay({ ...base, vehicle: 'motorbike', model: 'per_drop', rate: 1, drops: 60, miles: 50, fuel: 140, mpg: 90, insurance: 20, maintenance: 10 }, '2026-11-22');
    // 140 × 4.54609 ÷ 90 = 7.0717p a mile; 250 miles a week → £17.679.
    expect(r.running.energyPerWeek).toBeCloseTo(17.679, 3);
    // 50 × 5 × 46 = 11,500 miles × 24p = £2,760 vs actual £17.67925 × 46 = £813.245 + £30 × 52 = £1,560
    // → £2,373.245 (£2,373.24 to the penny).
    expect(r.expenses.mileage.amount).toBe(2760);
    expect(r.running.perYear).toBeCloseTo(2373.245, 3);
    expect(r.expenses.better).toBe('mileage');
  });
});

describe('estimateTax (2026/27, England, Wales and Northern Ireland bands)', () => {
  it('nothing to pay up to the personal allowance', () => {
    expect(estimateTax(12_570, Y2026)).toMatchObject({ incomeTax: 0, class4: 0 });
    expect(estimateTax(-500, Y2026)).toMatchObject({ profit: 0, total: 0 });
  });

  it('just above the personal allowance', () => {
    // £13,000 − £12,570 = £430: tax 20% = £86; Class 4 6% = £25.80.
    expect(estimateTax(13_000, Y2026)).toMatchObject({ personalAllowance: 12_570, incomeTax: 86, class4: 25.8, total: 111.8 });
  });

  it('above the higher-rate threshold', () => {
    // £60,000: taxable £47,430 → £37,700 × 20% = £7,540 + £9,730 × 40% = £3,892 → £11,432.
    // Class 4: (£50,270 − £12,570) × 6% = £2,262 + (£60,000 − £50,270) × 2% = £194.60 → £2,456.60.
    expect(estimateTax(60_000, Y2026)).toMatchObject({ basicRateTax: 7540, higherRateTax: 3892, incomeTax: 11_432, class4: 2456.6 });
    // The boundary: £50,270 is all basic rate.
    expect(estimateTax(50_270, Y2026)).toMatchObject({ incomeTax: 7540, higherRateTax: 0, class4: 2262 });
  });

  it('tapers the personal allowance above £100,000', () => {
    // £110,000: allowance £12,570 − (£10,000 ÷ 2) = £7,570; taxable £102,430 →
    // £7,540 + (£102,430 − £37,700) × 40% = £25,892 → £33,432. Class 4 £2,262 + £59,730 × 2% = £1,194.60.
    expect(estimateTax(110_000, Y2026)).toMatchObject({ personalAllowance: 7570, taxableIncome: 102_430, incomeTax: 33_432, class4: 3456.6 });
    // At £125,140 the allowance is gone: £7,540 + £87,440 × 40% = £34,976 → £42,516.
    expect(estimateTax(125_140, Y2026)).toMatchObject({ personalAllowance: 0, incomeTax: 42_516, additionalRateTax: 0 });
    // £130,000: + (£130,000 − £125,140) × 45% = £2,187 → £44,703.
    expect(estimateTax(130_000, Y2026)).toMatchObject({ additionalRateTax: 2187, incomeTax: 44_703, class4: 3856.6 });
  });
});

describe('dated constants', () => {
  it('picks the National Living Wage in force on the day', () => {
    expect(nationalLivingWageOn('2025-03-31')?.hourly).toBe(11.44);
    expect(nationalLivingWageOn('2025-04-01')?.hourly).toBe(12.21);
    expect(nationalLivingWageOn('2026-03-31')?.hourly).toBe(12.21);
    expect(nationalLivingWageOn('2026-04-01')?.hourly).toBe(12.71);
    expect(nationalLivingWageOn('2020-01-01')).toBeNull();
    // The estimate compares with the rate of its date.
    expect(estimatePay(base, '2026-03-31').nationalLivingWage?.hourly).toBe(12.21);
  });

  it('picks the tax year running 6 April to 5 April, and flags a guess outside the table', () => {
    expect(taxYearOn('2026-04-05')).toMatchObject({ year: { label: '2025/26' }, assumed: false });
    expect(taxYearOn('2026-04-06')).toMatchObject({ year: { label: '2026/27' }, assumed: false });
    expect(taxYearOn('2028-01-01')).toMatchObject({ year: { label: '2026/27' }, assumed: true });
  });

  it('mileage allowance changes rate at 10,000 miles for cars and vans', () => {
    expect(mileageAllowance('car', 10_000).amount).toBe(4500);
    expect(mileageAllowance('van', 11_000).amount).toBe(4750);
    expect(mileageAllowance('ev', 0).amount).toBe(0);
  });
});

describe('form values and the address', () => {
  it('reads the address, keeps defaults for what is missing, and writes only the fields that matter', () => {
    const v = formValuesFromQuery(new URLSearchParams('vehicle=ev&model=per_hour&rate=14.5&ppm=7'));
    expect(v).toMatchObject({ vehicle: 'ev', model: 'per_hour', rate: '14.5', ppm: '7', days: PAY_DEFAULT_VALUES.days });
    const q = queryFromFormValues(v);
    expect(q.get('ppm')).toBe('7');
    expect(q.has('fuel')).toBe(false);
    expect(q.has('drops')).toBe(false);
    expect(q.get('vehicle')).toBe('ev');
  });

  it('validates with clear messages and accepts £ signs and thousands separators', () => {
    const bad = validatePayForm({ ...PAY_DEFAULT_VALUES, rate: '-1', drops: '2.5', days: '8', mpg: '0', miles: 'lots', weeks: '' });
    expect(bad).toEqual({
      ok: false,
      errors: {
        rate: "Rate (£) can't be negative",
        drops: 'Drops per day must be a whole number',
        days: 'Days worked per week must be at most 7',
        miles: 'Miles driven per day must be a number',
        mpg: 'Fuel economy (miles per gallon) must be more than 0',
        weeks: 'Enter weeks worked per year',
      },
    });
    expect(validatePayForm({ ...PAY_DEFAULT_VALUES, rate: '150' })).toEqual({ ok: false, errors: { rate: 'Rate (£) must be at most 100' } });
    expect(validatePayForm({ ...PAY_DEFAULT_VALUES, vehicle: 'tank' })).toMatchObject({ ok: false, errors: { vehicle: expect.stringContaining('Choose a vehicle') } });
    const ok = validatePayForm({ ...PAY_DEFAULT_VALUES, model: 'per_day', rate: '£1,200' });
    expect(ok).toMatchObject({ ok: true, inputs: { rate: 1200, model: 'per_day' } });
  });

  it('ignores fields that do not apply (a bicycle has no fuel)', () => {
    expect(validatePayForm({ ...PAY_DEFAULT_VALUES, vehicle: 'bike', fuel: 'x', mpg: '' }).ok).toBe(true);
  });
});
