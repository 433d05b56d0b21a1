import { useEffect } from 'react';
import { Link } from '@/lib/router';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { trackAction } from '@/lib/track';

/** Spec §2 404. Loaded with the shell: it must show even when no page chunk can. */
export function NotFoundPage({ missingPath }: { missingPath: string }) {
  // Spec §2: the 404 page reports an analytics event (only with analytics consent).
  useEffect(() => trackAction('page_not_found', missingPath.slice(0, 300)), [missingPath]);
  return (
    <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-12 text-center sm:py-20">
      <Head title="Page Not Found" noindex />
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-100">
        <SearchX aria-hidden="true" className="size-8 text-ink" />
      </span>
      <p className="font-mono text-sm font-semibold text-muted">404</p>
      <h1 className="text-3xl font-extrabold">Page Not Found</h1>
      <p className="text-lg">
        We couldn't find <code className="rounded bg-surface px-1.5 py-0.5 wrap-anywhere text-ink">{missingPath}</code>. The page
        may have been moved or deleted, or the address may be mistyped.
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClasses('primary')}>
          Return to Homepage
        </Link>
        <Link to="/forum" className={buttonClasses('secondary')}>
          Browse Forum Discussions
        </Link>
      </div>
      <p>
        Think something's broken?{' '}
        <Link to="/support" className="link">
          Contact support
        </Link>
      </p>
    </div>
  );
}
