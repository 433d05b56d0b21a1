import type { CSSProperties } from 'react';
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
  // The dot is drawn (index.css .category-chip, --dot) and "Category: " is the link's label: one element.
  const style = { '--dot': category.color } as CSSProperties;
  if (!link) {
    return (
      <span className="category-chip" style={style}>
        {category.name}
      </span>
    );
  }
  return (
    <Link
      to={to ?? `/forum?category=${encodeURIComponent(category.slug)}`}
      aria-label={`Category: ${category.name}`}
      className="category-chip hover:border-brand-800"
      style={style}
    >
      {category.name}
    </Link>
  );
}
