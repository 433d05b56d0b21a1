import { Suspense, useState } from 'react';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { ConfirmDialogProps } from './confirm-dialog-view';

// The dialog (Radix Dialog, focus trap, scroll lock) is fetched the first time someone deletes,
// not with every post page.
const ConfirmDialogView = lazyNamed(() => import('./confirm-dialog-view'), 'ConfirmDialogView');

/** 'Are you sure?' for things that cannot be undone (deleting a post or comment). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Mounted from the first opening on, so closing plays out and focus returns where it was.
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <ConfirmDialogView {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
