import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { TCategory } from '@common/contracts/forum';
import { buttonClasses } from '@/components/ui/button';

/**
 * Spec §2: the chosen category's name, description and colour, with 'View All Categories' and, for a
 * member, `follow` (the category's follow toggle).
 */
export function CategoryBanner({
  category,
  allHref,
  follow,
}: {
  category: Pick<TCategory, 'name' | 'description' | 'color'>;
  allHref: string;
  follow?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="category-banner-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-l-8 border-line bg-card p-4 shadow-sm"
      style={{ borderLeftColor: category.color }}
    >
      <div className="grid min-w-0 flex-1 basis-60 gap-1">
        <h2 id="category-banner-title" className="flex items-center gap-2 text-xl font-bold">
          <span aria-hidden="true" className="size-3 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
          {category.name}
        </h2>
        {category.description && <p className="text-muted">{category.description}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {follow}
        <Link to={allHref} className={buttonClasses('secondary', 'sm')}>
          View All Categories
        </Link>
      </div>
    </section>
  );
}
