import { cn } from '@/lib/cn';
import { formatContentDate } from '@common/content/types';
import type { PayEstimate } from '@common/pay-estimator';
import { formatNumber } from '@/lib/format';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** Pounds to the penny; a minus sign for losses. */
export const money = (n: number) => gbp.format(Math.round(n * 100) / 100 + 0);
const pence = (n: number) => `${formatNumber(Math.round(n * 10) / 10)}p`;
const miles = (n: number) => formatNumber(Math.round(n));

function Row({ label, hour, week, year, strong }: { label: string; hour: number | null; week: number; year: number; strong?: boolean }) {
  return (
    <tr className={cn('border-t border-line', strong && 'bg-accent-100 font-bold')}>
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {label}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{hour === null ? '–' : money(hour)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{money(week)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{money(year)}</td>
    </tr>
  );
}

/** The estimate: pay and costs, the National Living Wage comparison, expenses and tax. */
export function PayEstimatorResults({ estimate: e, weeks, daysPerWeek }: { estimate: PayEstimate; weeks: number; daysPerWeek: number }) {
  const daysPerYear = weeks * daysPerWeek;
  const h = e.hoursPerYear;
  const perHour = (year: number) => (h > 0 ? year / h : null);
  const perWeek = (year: number) => year / weeks;
  const nlw = e.nationalLivingWage;
  const diff = nlw?.difference ?? null;
  const mileage = e.expenses.mileage;

  return (
    <section aria-labelledby="results-heading" className="grid gap-5">
      <h2 id="results-heading" className="text-xl font-bold">
        Your estimate
      </h2>
      <p className="rounded-lg border-2 border-brand-800 bg-card px-4 py-3 text-lg" aria-live="polite">
        {e.net.perHour === null ? (
          'Enter your hours to see pay per hour.'
        ) : (
          <>
            After running costs you make about <strong>{money(e.net.perHour)} an hour</strong> before tax
            {nlw && diff !== null && (
              <>
                , <strong>{money(Math.abs(diff))}</strong> {diff >= 0 ? 'above' : 'below'} the National Living Wage
              </>
            )}
            . Take-home after tax: <strong>{money(e.takeHome.perYear)} a year</strong>.
          </>
        )}
      </p>

      <div className="overflow-x-auto rounded-lg border border-line bg-card" tabIndex={0} role="region" aria-label="Pay and costs">
        <table className="w-full border-collapse text-sm sm:text-base">
          <caption className="px-3 py-2 text-left font-semibold">
            Pay and costs ({e.taxYear.label} estimate, {weeks} weeks worked)
          </caption>
          <thead className="bg-surface">
            <tr>
              <td className="px-3 py-2" />
              <th scope="col" className="px-3 py-2 text-right">
                Per hour
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Per week worked
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Per year
              </th>
            </tr>
          </thead>
          <tbody>
            <Row label="Gross pay" hour={perHour(e.gross.perYear)} week={e.gross.perWeek} year={e.gross.perYear} />
            <Row label="Running costs" hour={perHour(e.running.perYear)} week={perWeek(e.running.perYear)} year={e.running.perYear} />
            <Row label="After running costs" hour={e.net.perHour} week={e.net.perWeek} year={e.net.perYear} strong />
            <Row label="Income Tax and Class 4 NI" hour={perHour(e.tax.total)} week={perWeek(e.tax.total)} year={e.tax.total} />
            <Row label="Take-home" hour={e.takeHome.perHour} week={e.takeHome.perWeek} year={e.takeHome.perYear} strong />
          </tbody>
        </table>
      </div>

      <div className="grid gap-2">
        <h3 className="text-lg font-bold">Per day and running costs</h3>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            A day&rsquo;s work: {money(e.gross.perDay)} gross, {money(daysPerYear > 0 ? e.net.perYear / daysPerYear : 0)} after running costs.
          </li>
          <li>
            Fuel or charging: {pence(e.running.energyPencePerMile)} a mile, {money(e.running.energyPerWeek)} a week worked, {money(e.running.energyPerYear)} a year.
          </li>
          <li>
            Insurance, hire or finance and maintenance: {money(e.running.fixedPerWeek)} a week, {money(e.running.fixedPerYear)} a year (52 weeks).
          </li>
        </ul>
      </div>

      <div className="grid gap-2">
        <h3 className="text-lg font-bold">Against the National Living Wage</h3>
        {nlw ? (
          <p>
            The National Living Wage is <strong>{money(nlw.hourly)} an hour</strong> from {formatContentDate(nlw.from)}.{' '}
            {diff === null
              ? ''
              : diff >= 0
                ? `After running costs this round pays ${money(diff)} an hour more than that.`
                : `After running costs this round pays ${money(-diff)} an hour less than that.`}{' '}
            It is the legal minimum for employees and workers aged 21 and over; self-employed couriers are not entitled to it, but it is a fair yardstick.
          </p>
        ) : (
          <p>No National Living Wage rate is recorded for this date.</p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 className="text-lg font-bold">Vehicle expenses: actual costs or the mileage allowance</h3>
        <div className="overflow-x-auto rounded-lg border border-line bg-card" tabIndex={0} role="region" aria-label="Vehicle expenses compared">
          <table className="w-full border-collapse text-sm sm:text-base">
            <caption className="px-3 py-2 text-left font-semibold">What you could deduct for {e.taxYear.label}</caption>
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  Method
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  A year
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className={cn('border-t border-line', e.expenses.better === 'actual' && 'bg-accent-100 font-bold')}>
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  Actual running costs{e.expenses.better === 'actual' && <span className="ml-2 rounded bg-primary px-2 py-0.5 text-sm text-white">Better</span>}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{money(e.expenses.actual)}</td>
              </tr>
              <tr className={cn('border-t border-line', e.expenses.better === 'mileage' && 'bg-accent-100 font-bold')}>
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  Mileage allowance: {miles(mileage.businessMiles)} business miles at {mileage.basis}
                  {e.expenses.better === 'mileage' && <span className="ml-2 rounded bg-primary px-2 py-0.5 text-sm text-white">Better</span>}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{money(mileage.amount)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="text-sm">
          {mileage.availableToSelfEmployed
            ? 'The tax estimate deducts the larger of the two. You cannot mix them: the flat rate replaces fuel, insurance, repairs and finance for that vehicle, and once you use it for a vehicle you must keep using it.'
            : '20p a mile is HMRC\u2019s approved rate for bicycles used by employees. Simplified expenses for the self-employed cover only cars, vans and motorcycles, so the tax estimate deducts your actual costs.'}
        </p>
      </div>

      <div className="grid gap-2">
        <h3 className="text-lg font-bold">Income Tax and National Insurance ({e.taxYear.label})</h3>
        <div className="overflow-x-auto rounded-lg border border-line bg-card" tabIndex={0} role="region" aria-label="Tax estimate">
          <table className="w-full border-collapse text-sm sm:text-base">
            <caption className="px-3 py-2 text-left font-semibold">Tax on a profit of {money(e.tax.profit)}</caption>
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  Item
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ['Profit (gross pay less vehicle expenses)', e.tax.profit],
                  ['Personal Allowance', e.tax.personalAllowance],
                  ['Income Tax at 20%', e.tax.basicRateTax],
                  ['Income Tax at 40%', e.tax.higherRateTax],
                  ['Income Tax at 45%', e.tax.additionalRateTax],
                  ['Class 4 National Insurance (6% and 2%)', e.tax.class4],
                  ['Total tax and National Insurance', e.tax.total],
                ] as const
              ).map(([label, amount], i) => (
                <tr key={label} className={cn('border-t border-line', i === 6 && 'font-bold')}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {label}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{money(amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="list-disc space-y-1 pl-6 text-sm">
          <li>Assumes this is your only income, and uses the {e.taxYear.label} Income Tax bands for England, Wales and Northern Ireland (Personal Allowance £12,570, reduced above £100,000; 20% to £50,270; 40% to £125,140; 45% above).</li>
          <li>Scotland has its own Income Tax bands, which this estimate does not use: Scottish taxpayers should check the Scottish rates on GOV.UK. National Insurance is the same across the UK.</li>
          <li>Class 4 National Insurance: 6% on profits between £12,570 and £50,270 and 2% above. Class 2 National Insurance has not been payable by the self-employed since 6 April 2024.</li>
          {e.taxYearAssumed && <li>Today is outside the tax years this estimator knows, so it uses the {e.taxYear.label} figures.</li>}
        </ul>
      </div>
    </section>
  );
}
