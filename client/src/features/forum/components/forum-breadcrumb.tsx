import { Link } from '@/lib/router';
import type { TCategory } from '@common/contracts/forum';

/** Spec §2: 'Forum', then the chosen category. */
export function ForumBreadcrumb({ category, forumHref }: { category?: Pick<TCategory, 'name'>; forumHref: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        <li>
          {category ? (
            <Link to={forumHref} className="link">
              Forum
            </Link>
          ) : (
            <span aria-current="page" className="font-semibold text-ink">
              Forum
            </span>
          )}
        </li>
        {category && (
          <li className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            <span aria-current="page" className="font-semibold text-ink">
              {category.name}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}
