import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { cn } from '@/lib/cn';
import { getCategoriesQueryOptions } from '../api/get-categories';
import { formatNumber } from '@/lib/format';

/** The sidebar's list of categories on large screens: one click filters, the current one is marked. */
export function CategoryNav({ current, hrefFor }: { current: string; hrefFor: (slug: string) => string }) {
  const { data: categories } = useQuery(getCategoriesQueryOptions());
  if (!categories?.length) return null;
  const row = 'flex min-h-10 items-center gap-2 rounded-lg px-2.5 text-ink hover:bg-brand-50';
  return (
    <nav aria-labelledby="category-nav-title" className="rounded-xl border border-line bg-card p-3 shadow-sm">
      <h2 id="category-nav-title" className="px-2.5 pb-1 text-sm font-bold tracking-wide text-muted uppercase">
        Categories
      </h2>
      <ul className="grid gap-0.5">
        <li>
          <Link to={hrefFor('')} aria-current={current === '' ? 'page' : undefined} className={cn(row, current === '' && 'bg-brand-50 font-semibold')}>
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-primary" />
            All categories
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={hrefFor(c.slug)}
              aria-current={current === c.slug ? 'page' : undefined}
              className={cn(row, current === c.slug && 'bg-brand-50 font-semibold')}
            >
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: c.color }} />
              <span className="min-w-0 flex-1 truncate">{c.name}</span>
              <span className="text-sm text-muted tabular-nums">{formatNumber(c.postCount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
