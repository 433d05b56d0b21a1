import { Link } from '@/lib/router';
import type { TPostCategory } from '@common/contracts/forum';

/** A category label with its colour as a dot (the text stays dark for contrast); links to the filtered list. */
export function CategoryChip({
  category,
  link = true,
  to,
}: {
  category: Pick<TPostCategory, 'name' | 'slug' | 'color'>;
  link?: boolean;
  /** Where the chip leads; by default the forum list filtered by the category. */
  to?: string;
}) {
  const body = (
    <>
      <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: category.color }} />
      {category.name}
    </>
  );
  const cls = 'inline-flex min-h-7 items-center gap-1.5 rounded-full border border-line bg-surface px-2.5 text-sm font-semibold text-ink';
  if (!link) return <span className={cls}>{body}</span>;
  return (
    <Link to={to ?? `/forum?category=${encodeURIComponent(category.slug)}`} className={`${cls} hover:border-brand-800`}>
      <span className="sr-only">Category: </span>
      {body}
    </Link>
  );
}
