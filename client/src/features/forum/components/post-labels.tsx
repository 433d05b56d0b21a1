import { Link } from '@/lib/router';
import type { TPost } from '@common/contracts/forum';
import { Time } from '@/components/ui/time';
import { alertBadge, alertUntil, areaPath, tagPath } from '../lib/labels';

/** A tag's or an area's chip: a link with its name, nothing else inside (a list's card counts its elements, issue 31); its look is index.css's. */
const LABEL_CHIP = 'label-chip';

// A post a device kept for offline reading before issue 32 (the service worker's post reads) has neither.
const tagsOf = (post: Pick<TPost, 'tags'>) => post.tags ?? [];
const areasOf = (post: Pick<TPost, 'areas'>) => post.areas ?? [];
/** Whether the post has a tag or an area to show. */
export const hasLabels = (post: Pick<TPost, 'tags' | 'areas'>) => tagsOf(post).length > 0 || areasOf(post).length > 0;

/** Issue 32: a post's tags and postcode areas as chips, each a link to its page; nothing when it has none. */
export function PostLabelChips({ post }: { post: Pick<TPost, 'tags' | 'areas'> }) {
  return (
    <>
      {tagsOf(post).map((t) => (
        <Link key={t.slug} to={tagPath(t.slug)} aria-label={`Tag: ${t.name}`} className={LABEL_CHIP}>
          {t.name}
        </Link>
      ))}
      {areasOf(post).map((a) => (
        <Link key={a} to={areaPath(a)} aria-label={`${a} postcode area`} className={LABEL_CHIP}>
          {a}
        </Link>
      ))}
    </>
  );
}

/**
 * Issue 32, the post page of a local alert: its kind, the place it names, its area, and how long it
 * shows at the top of the area's page ('until 14:05'), or that it no longer does.
 */
export function AlertBox({ alert, area }: { alert: NonNullable<TPost['alert']>; area: string | undefined }) {
  const until = alertUntil(alert.expiresAt);
  return (
    <section aria-label="Local alert" className="grid gap-1 rounded-xl border-l-8 border-red-700 bg-red-50 p-3 text-red-950">
      <p className="font-bold">{alertBadge(alert.kind)}</p>
      {(alert.place || area) && (
        <p>
          <span className="font-semibold">Where:</span> {alert.place}
          {alert.place && area && ', '}
          {area && (
            <Link to={areaPath(area)} className="link">
              {area} postcode area
            </Link>
          )}
        </p>
      )}
      <p className="text-sm">
        {until.expired ? (
          <Time date={alert.expiresAt}>Expired: no longer shown at the top of its area's page</Time>
        ) : (
          <>
            Shown at the top of its area's page <Time date={alert.expiresAt}>{until.text}</Time>
          </>
        )}
      </p>
    </section>
  );
}
