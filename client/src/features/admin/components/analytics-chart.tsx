import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartColours, themedAxis, type ChartColour } from '@/lib/chart-colours';
import { LONDON, formatDayMonth } from '@/lib/dates';
import { useColourScheme } from '@/lib/theme';

/** `dash` tells apart lines that lie on top of each other (e.g. one page view per session). */
export type ChartSeries = { label: string; values: number[]; color: ChartColour; dash?: number[] };

const HEIGHT = 240;

/**
 * A per-day line chart drawn by uPlot (about 50 kB, loaded only by /admin/analytics through
 * React.lazy). The canvas is hidden from assistive technology: the page shows the same numbers as a
 * table beside it.
 */
export function AnalyticsChart({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // Drawn again in the other theme's colours when it changes.
  const scheme = useColourScheme();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Noon UTC of each London day: the axis never shows a day off by the clock change.
    const xs = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
    const width = () => Math.max(280, el.clientWidth);
    const colours = chartColours();
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), LONDON),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
        series: [
          { label: 'Day', value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
          ...series.map((s) => ({ label: s.label, stroke: colours.series(s.color), width: 2, dash: s.dash, points: { show: days.length <= 45 } })),
        ],
        axes: [
          themedAxis(colours, { values: (_u: uPlot, splits: number[]) => splits.map((t) => formatDayMonth(t * 1000)) }),
          themedAxis(colours, { size: 50, values: (_u: uPlot, ticks: number[]) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }),
        ],
        legend: { live: true },
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, series, scheme]);

  return <div ref={ref} aria-hidden="true" className="w-full min-w-0 overflow-hidden" data-testid="analytics-chart" />;
}
