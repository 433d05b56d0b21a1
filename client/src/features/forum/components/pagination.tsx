import { Link, useLocation } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/** The address of `page` on the current list: page 1 has no page parameter (spec §4). */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '?';
}

export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { search, pathname } = useLocation();
  if (totalPages <= 1) return null;
  const prev = page > 1 ? page - 1 : null;
  const next = page < totalPages ? page + 1 : null;
  const to = (p: number) => {
    const q = pageHref(search, p);
    return q === '?' ? pathname : `${pathname}${q}`;
  };
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      {prev ? (
        <Link to={to(prev)} className={buttonClasses('secondary')} rel="prev">
          <ChevronLeft aria-hidden="true" className="size-5" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        Page {page} of {totalPages}
      </p>
      {next ? (
        <Link to={to(next)} className={buttonClasses('secondary')} rel="next">
          Next <ChevronRight aria-hidden="true" className="size-5" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
