import { Suspense, useState } from 'react';
import { UserSearch } from 'lucide-react';
import { lazyNamed } from '@/lib/lazy';
import { cn } from '@/lib/cn';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { RevealTarget } from './reveal-author-dialog';

// The dialog (Radix Dialog, the form and its contract) is fetched the first time an admin reveals.
const RevealAuthorDialog = lazyNamed(() => import('./reveal-author-dialog'), 'RevealAuthorDialog');

/**
 * Issue 32 (ADR 0022): an admin's "Reveal author" on an anonymous post or reply, asking for the reason
 * first. The caller shows it to admins only, on anonymous content only (the server checks both).
 */
export function RevealAuthorButton({ target, className }: { target: RevealTarget; className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={cn('inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-muted hover:bg-brand-50 hover:text-ink', className)}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <UserSearch aria-hidden="true" className="size-4" /> Reveal author
      </button>
      {used && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <RevealAuthorDialog open={open} onOpenChange={setOpen} target={target} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
