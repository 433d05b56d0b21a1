import { Suspense, useState } from 'react';
import { Flag } from 'lucide-react';
import type { TReportTargetType } from '@common/contracts/reports';
import { lazyNamed } from '@/lib/lazy';
import { cn } from '@/lib/cn';
import { ErrorBoundary } from '@/components/ui/error-boundary';

// The dialog (Radix Dialog and the form) is fetched the first time someone reports, not with every page.
const ReportDialog = lazyNamed(() => import('./report-dialog'), 'ReportDialog');

type Props = {
  targetType: TReportTargetType;
  targetId: number;
  targetLabel: string;
  /** The flag alone (the word for screen readers only): where a row of messages has little room. */
  compact?: boolean;
  className?: string;
};

/** 'Report' for signed-in members on a post, a comment, a chat message or a profile; opens the reason dialog. */
export function ReportButton({ targetType, targetId, targetLabel, compact, className }: Props) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-lg font-semibold text-muted hover:bg-brand-50 hover:text-ink',
          compact ? 'min-h-8 min-w-8 justify-center text-xs' : 'min-h-9 px-2 text-sm',
          className,
        )}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={`Report ${targetLabel}`}
      >
        <Flag aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} /> <span className={cn(compact && 'sr-only')}>Report</span>
      </button>
      {used && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} targetLabel={targetLabel} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
