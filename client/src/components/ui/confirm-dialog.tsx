import { Suspense, useState } from 'react';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { ConfirmDialogProps } from './confirm-dialog-view';

// The dialog (Radix Dialog, focus trap, scroll lock) is fetched the first time someone deletes or
// blocks, not with every page.
const ConfirmDialogView = lazyNamed(() => import('./confirm-dialog-view'), 'ConfirmDialogView');

/** 'Are you sure?' before a step that cannot be undone or that matters (deleting, blocking). */
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
