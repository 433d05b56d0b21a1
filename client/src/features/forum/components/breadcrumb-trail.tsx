import { Link } from '@/lib/router';

/** The trail of a tag's or an area's page: Forum › Tags › Evri. A step with `to` is a link; the one without is this page. */
export function BreadcrumbTrail({ steps }: { steps: Array<{ label: string; to?: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {steps.map((s, i) => {
          const after = i > 0 ? "before:mr-1 before:content-['›']" : '';
          return s.to ? (
            <li key={s.label} className={after || undefined}>
              <Link to={s.to} className="link">
                {s.label}
              </Link>
            </li>
          ) : (
            <li key={s.label} className={`font-semibold text-ink ${after} before:font-normal before:text-muted`} aria-current="page">
              {s.label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
