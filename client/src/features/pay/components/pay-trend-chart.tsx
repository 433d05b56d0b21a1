import { useEffect, useRef, useState } from 'react';
import type { TPayTrendPoint } from '@common/contracts/pay';
import { chartColours, themedAxis } from '@/lib/chart-colours';
import { useColourScheme } from '@/lib/theme';
import { basisText, NOT_ENOUGH, pounds } from './pay-figure';

/** "£12.50 (£11.20–£13.90)"; the median alone below 10 members. */
const middle = (q: NonNullable<TPayTrendPoint['netHourly']>) =>
  q.p25 !== null && q.p75 !== null ? `${pounds(q.median)} (${pounds(q.p25)}–${pounds(q.p75)})` : pounds(q.median);

/**
 * The quarterly trend of a network: a uPlot chart (median and, from 10 members, quartiles of net £/h,
 * and the National Living Wage) and, always, the same figures as a table (screen readers, no-JS, and the server's
 * markup). uPlot and its stylesheet load only here, in the browser, after the page has shown: it is
 * kept out of every page's first-load JS.
 */
export function PayTrendChart({ trend, networkName }: { trend: TPayTrendPoint[]; networkName: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const shown = trend.filter((t) => t.netHourly);
  // Drawn again in the other theme's colours when it changes.
  const scheme = useColourScheme();

  useEffect(() => {
    const el = box.current;
    if (!el || shown.length < 2) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    // As wide as its box and no wider: a fixed minimum was cut off on a 320 px phone with large text (issue 30).
    const size = () => ({ width: el.clientWidth, height: 240 });
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        // x: the quarter's index (labels below); gaps where a quarter is below the threshold stay gaps.
        const xs = trend.map((_, i) => i);
        const series = (pick: (t: TPayTrendPoint) => number | null) => trend.map(pick);
        const colours = chartColours();
        plot = new UPlot(
          {
            ...size(),
            title: `${networkName}: net £ per hour after costs`,
            scales: { x: { time: false } },
            axes: [
              themedAxis(colours, { values: (_u: unknown, ticks: number[]) => ticks.map((i) => (Number.isInteger(i) ? (trend[i]?.quarter ?? '') : '')) }),
              themedAxis(colours, { values: (_u: unknown, ticks: number[]) => ticks.map((v) => `£${v}`) }),
            ],
            series: [
              {},
              { label: 'Lower quartile', stroke: colours.series('grey'), dash: [4, 4], value: (_u: unknown, v: number | null) => (v == null ? '–' : pounds(v)) },
              { label: 'Median', stroke: colours.series('navy'), width: 3, value: (_u: unknown, v: number | null) => (v == null ? '–' : pounds(v)) },
              { label: 'Upper quartile', stroke: colours.series('grey'), dash: [4, 4], value: (_u: unknown, v: number | null) => (v == null ? '–' : pounds(v)) },
              { label: 'National Living Wage', stroke: colours.series('red'), value: (_u: unknown, v: number | null) => (v == null ? '–' : pounds(v)) },
            ],
          },
          [xs, series((t) => t.netHourly?.p25 ?? null), series((t) => t.netHourly?.median ?? null), series((t) => t.netHourly?.p75 ?? null), series((t) => t.livingWage)],
          el,
        );
      })
      .catch(() => setFailed(true));
    const onResize = () => plot?.setSize(size());
    window.addEventListener('resize', onResize);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', onResize);
      plot?.destroy();
    };
    // The chart is rebuilt only when the figures change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(trend), networkName, scheme]);

  if (!trend.length) return <p>{NOT_ENOUGH}</p>;
  return (
    <div className="grid gap-3">
      {shown.length >= 2 && !failed && <div ref={box} className="w-full overflow-hidden" aria-hidden="true" data-testid="pay-trend-chart" />}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left text-sm">
          <caption className="sr-only">{networkName}: net pay per hour after costs by quarter</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-3">
                Quarter
              </th>
              <th scope="col" className="py-2 pr-3">
                Median (middle half)
              </th>
              <th scope="col" className="py-2 pr-3">
                Living Wage
              </th>
              <th scope="col" className="py-2">
                Reports
              </th>
            </tr>
          </thead>
          <tbody>
            {trend.map((t) => (
              <tr key={t.quarter} className="border-b border-line">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {t.quarter}
                </th>
                <td className="py-2 pr-3">{t.netHourly ? middle(t.netHourly) : NOT_ENOUGH}</td>
                <td className="py-2 pr-3">{pounds(t.livingWage)}</td>
                <td className="py-2">{basisText(t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
