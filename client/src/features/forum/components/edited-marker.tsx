import { Suspense, useState } from 'react';
import { formatDateTime } from '@/lib/dates';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { RevisionTarget } from '../api/revisions';

// The history dialog (Radix Dialog, the diff) is fetched the first time someone opens it, not with every page.
const RevisionsDialog = lazyNamed(() => import('./revisions-dialog'), 'RevisionsDialog');

/** '(edited)' after a post's or comment's age: opens its edit history, for everyone (issue 28, as Discourse does). */
export function EditedMarker({ editedAt, target }: { editedAt: string; target: RevisionTarget }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      {' '}
      <button
        type="button"
        className="rounded-sm text-muted underline decoration-dotted underline-offset-2 hover:text-ink"
        title={`Edited ${formatDateTime(editedAt)}`}
        aria-haspopup="dialog"
        aria-label={`Edited ${formatDateTime(editedAt)}: see the edit history`}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        (edited)
      </button>
      {used && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <RevisionsDialog {...target} open={open} onOpenChange={setOpen} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
