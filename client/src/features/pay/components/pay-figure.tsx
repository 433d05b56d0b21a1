import type { ReactNode } from 'react';
import type { TPayFigure } from '@common/contracts/pay';
import { PAY_TEXT } from '@common/rules/pay';
import { plural } from '@/lib/format';
import { cn } from '@/lib/cn';

/** £12.34 (pounds and pence: an hourly figure). */
export const pounds = (n: number) => `£${n.toFixed(2)}`;

export const NOT_ENOUGH = 'Not enough reports yet';

/** How many reports (and members) a figure rests on: shown beside every figure, published or not. */
export function basisText(f: Pick<TPayFigure, 'reports' | 'members'>) {
  if (f.reports === 0) return 'No reports yet';
  return `${plural(f.reports, 'report', 'reports')} from ${plural(f.members, 'member', 'members')}`;
}

/** The median against the National Living Wage, in words: "£1.20 above the National Living Wage (£12.71)". */
export function livingWageText(median: number, livingWage: number) {
  const diff = median - livingWage;
  if (Math.abs(diff) < 0.005) return `the same as the National Living Wage (${pounds(livingWage)})`;
  return `${pounds(Math.abs(diff))} ${diff > 0 ? 'above' : 'below'} the National Living Wage (${pounds(livingWage)})`;
}

/**
 * One figure as a card: the median net £/h after costs, the middle half (p25–p75, from 10 members), the
 * reports behind it and the National Living Wage beside it; below the privacy threshold only the counts.
 */
export function PayFigureCard({ title, figure, livingWage, className }: { title: ReactNode; figure: TPayFigure; livingWage: number; className?: string }) {
  const q = figure.netHourly;
  return (
    <article className={cn('grid content-start gap-1 rounded-xl border border-line bg-card p-4', className)}>
      <h3 className="text-lg font-bold">{title}</h3>
      {q ? (
        <>
          <p>
            <span className="text-2xl font-extrabold">{pounds(q.median)}</span> <span className="text-sm">an hour after costs (median)</span>
          </p>
          <p className="text-sm">{q.p25 !== null && q.p75 !== null ? `Middle half: ${pounds(q.p25)} to ${pounds(q.p75)}` : PAY_TEXT.spreadNeeds}</p>
          <p className={cn('text-sm font-semibold', q.median < livingWage ? 'text-red-800' : 'text-brand-800')}>{livingWageText(q.median, livingWage)}</p>
        </>
      ) : (
        <p className="font-semibold">{NOT_ENOUGH}</p>
      )}
      <p className="text-sm text-muted">
        {basisText(figure)}
        {!q && ` (${PAY_TEXT.figureNeeds})`}
      </p>
    </article>
  );
}
