import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { TDashboard } from '@common/contracts/admin';
import { Time } from '@/components/ui/time';
import { AnonymousAuthor } from '@/components/anonymous-author';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-2 rounded-xl border-2 border-line bg-card p-4">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The ten newest sign-ups (to their admin record) and posts (to the post). */
export function DashboardRecent({ data }: { data: TDashboard }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Panel title="Recent sign-ups">
        {data.recentSignups.length === 0 ? (
          <p className="text-muted">No members yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {data.recentSignups.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={`/admin/members?member=${u.id}`} className="link font-semibold break-all">
                  @{u.username}
                </Link>
                <span className="text-sm text-muted">
                  {u.verified ? 'Verified' : 'Unverified'} · <Time date={u.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Recent posts">
        {data.recentPosts.length === 0 ? (
          <p className="text-muted">No posts yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {data.recentPosts.map((p) => (
              <li key={p.id} className="grid gap-0.5 py-2">
                <Link to={`/forum/posts/${p.slug}`} className="link font-semibold break-words">
                  {p.title}
                </Link>
                <span className="text-sm text-muted">
                  {p.anonymousAs !== undefined ? <AnonymousAuthor label={p.anonymousAs} /> : p.authorUsername ? `@${p.authorUsername}` : 'Anonymous'}
                  {p.categoryName ? ` in ${p.categoryName}` : ''} · {p.commentCount} {p.commentCount === 1 ? 'reply' : 'replies'} ·{' '}
                  <Time date={p.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
