import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { getCategoriesQueryOptions } from '../api/get-categories';
import { formatNumber } from '@/lib/format';

/**
 * The sidebar's list of categories on large screens: one click filters, the current one is marked.
 * A link is one element with its count (index.css `.category-nav-link`: the dot drawn from --dot).
 */
export function CategoryNav({ current, hrefFor }: { current: string; hrefFor: (slug: string) => string }) {
  const { data: categories } = useQuery(getCategoriesQueryOptions());
  if (!categories?.length) return null;
  return (
    <nav aria-labelledby="category-nav-title" className="rounded-xl border border-line bg-card p-3 shadow-sm">
      <h2 id="category-nav-title" className="px-2.5 pb-1 text-sm font-bold tracking-wide text-muted uppercase">
        Categories
      </h2>
      <ul className="grid grid-cols-1 gap-0.5">
        <li>
          <Link
            to={hrefFor('')}
            aria-current={current === '' ? 'page' : undefined}
            className="category-nav-link"
            style={{ '--dot': 'var(--color-primary)' } as CSSProperties}
          >
            All categories
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={hrefFor(c.slug)}
              aria-current={current === c.slug ? 'page' : undefined}
              className="category-nav-link"
              style={{ '--dot': c.color } as CSSProperties}
            >
              {c.name} <span>{formatNumber(c.postCount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
