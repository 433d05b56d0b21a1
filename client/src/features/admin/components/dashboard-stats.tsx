import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { TDashboard } from '@common/contracts/admin';
import { formatNumber } from '@/lib/format';


function StatCard({ label, value, sub, to }: { label: string; value: number; sub?: ReactNode; to?: string }) {
  const body = (
    <>
      <span className="text-sm font-semibold text-muted">{label}</span>
      <span className="text-3xl font-extrabold tabular-nums" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {formatNumber(value)}
      </span>
      {sub && <span className="text-sm text-muted">{sub}</span>}
    </>
  );
  const cls = 'grid gap-1 rounded-xl border-2 border-line bg-card p-4';
  return to ? (
    <Link to={to} className={`${cls} hover:border-brand-800`}>
      {body}
    </Link>
  ) : (
    <div className={cls}>{body}</div>
  );
}

/** The dashboard's figures; "today" is the Europe/London day. */
export function DashboardStats({ data }: { data: TDashboard }) {
  return (
    <section aria-label="Site figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
      <StatCard label="Members" value={data.members.total} sub={`${formatNumber(data.members.newThisWeek)} new this week · ${formatNumber(data.members.verified)} verified`} to="/admin/members" />
      <StatCard label="Posts" value={data.posts.total} sub={`${formatNumber(data.posts.today)} today`} to="/admin/moderation" />
      <StatCard label="Comments" value={data.comments.total} sub={`${formatNumber(data.comments.today)} today`} />
      <StatCard label="Chat messages" value={data.messages.total} />
      <StatCard label="Open support tickets" value={data.openSupportTickets} to="/admin/support" />
      <StatCard label="Open reports" value={data.openReports} to="/admin/moderation" />
    </section>
  );
}
