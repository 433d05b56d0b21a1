import { Link } from '@/lib/router';
import { AVATARS } from '@common/avatars';
import { AvatarIcon } from '@/components/ui/avatar-icon';

/** Spec §9: the landing page shows 12 community tiles. */
const LANDING_COMMUNITIES = 12;

/** Spec §2 landing: up to 12 profession communities, each opening the forum filtered by it. */
export function CommunityGrid() {
  return (
    <section aria-labelledby="communities-title" className="grid gap-3">
      <h2 id="communities-title" className="text-xl font-bold">
        Find your people
      </h2>
      {/* Under 25rem across (a 390 px phone, or larger text) the icon sits above the name, which then has the
          tile's width: beside it 'Coordinator' did not fit a 320 px phone. Under 20rem (large text on a
          phone), one tile a row. */}
      <ul className="grid grid-cols-2 gap-2 max-[20rem]:grid-cols-1 sm:grid-cols-3 lg:grid-cols-4">
        {AVATARS.slice(0, LANDING_COMMUNITIES).map((a) => (
          <li key={a.key}>
            <Link
              to={`/forum?profession=${a.key}`}
              className="flex h-full min-h-16 items-center gap-3 rounded-xl border border-line bg-card p-3 shadow-sm hover:border-brand-800 max-[25rem]:flex-col max-[25rem]:items-start max-[25rem]:gap-2"
              style={{ borderLeftColor: a.color, borderLeftWidth: 6 }}
            >
              <AvatarIcon avatar={a.key} size="md" decorative />
              <span className="text-sm leading-tight font-semibold text-ink">{a.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
