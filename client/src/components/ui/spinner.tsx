import { cn } from '@/lib/cn';

/** A spinner announced as 'Loading' (spec §2: a spinner shows while auth loads). */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center justify-center py-16', className)}>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800 motion-reduce:animate-none"
      />
    </div>
  );
}

/** The fallback of a lazily loaded page (spec §2: pages load lazily with a loading message). */
export function PageLoading() {
  return (
    <p role="status" className="px-4 py-16 text-center text-lg text-muted">
      Loading…
    </p>
  );
}
