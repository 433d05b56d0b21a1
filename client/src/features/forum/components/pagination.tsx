import { Link } from '@/lib/router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

type Props = {
  page: number;
  totalPages: number;
  /** The list's address at page `p` (page 1 has no page parameter, spec §4). */
  hrefFor: (page: number) => string;
};

/** Previous / Page x of y / Next: three large targets that fit a phone, wrapping with large text. */
export function Pagination({ page, totalPages, hrefFor }: Props) {
  if (totalPages <= 1) return null;
  const prev = page > 1 ? Math.min(page - 1, totalPages) : null;
  const next = page < totalPages ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      {prev ? (
        <Link key="prev" to={hrefFor(prev)} className={buttonClasses('secondary')} rel="prev">
          <ChevronLeft aria-hidden="true" className="size-5" /> Previous
        </Link>
      ) : (
        <span key="no-prev" />
      )}
      <p className="text-sm text-muted" aria-current="page">
        Page {Math.min(page, totalPages)} of {totalPages}
      </p>
      {next ? (
        <Link key="next" to={hrefFor(next)} className={buttonClasses('secondary')} rel="next">
          Next <ChevronRight aria-hidden="true" className="size-5" />
        </Link>
      ) : (
        <span key="no-next" />
      )}
    </nav>
  );
}
