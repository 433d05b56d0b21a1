import { Link } from '@/lib/router';

const row = 'flex min-h-10 items-center rounded-lg px-2.5 text-ink hover:bg-brand-50';

/** The sidebar's other ways into the forum on large screens (issue 32): by tag, by postcode area. */
export function BrowseNav() {
  return (
    <nav aria-labelledby="browse-nav-title" className="rounded-xl border border-line bg-card p-3 shadow-sm">
      <h2 id="browse-nav-title" className="px-2.5 pb-1 text-sm font-bold tracking-wide text-muted uppercase">
        Browse
      </h2>
      <ul className="grid gap-0.5">
        <li>
          <Link to="/tags" className={row}>
            Tags
          </Link>
        </li>
        <li>
          <Link to="/areas" className={row}>
            Postcode areas
          </Link>
        </li>
      </ul>
    </nav>
  );
}
