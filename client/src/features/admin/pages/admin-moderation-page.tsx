import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import type { TReportStatus } from '@common/contracts/moderation';
import type { THeldStatus } from '@common/contracts/review';
import { REPORT_STATUSES } from '@common/rules/reports';
import { HELD_STATUSES } from '@common/rules/review';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { getReportsQueryOptions } from '../api/moderation';
import { getHeldItemsQueryOptions } from '../api/review';
import { getVerificationsQueryOptions } from '../api/courier-verifications';
import { AdminLayout } from '../components/admin-layout';
import { CourierBadgeQueue } from '../components/courier-badge-queue';
import { PostTools } from '../components/post-tools';
import { ReportItem } from '../components/report-item';
import { ReviewQueue } from '../components/review-queue';

const TAB_LABEL: Record<TReportStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

type Queue = 'reports' | 'review' | 'badges';
const QUEUES = ['reports', 'review', 'badges'] as const satisfies readonly Queue[];
const QUEUE_LABEL: Record<Queue, string> = { reports: 'Reports', review: 'Review', badges: 'Courier badges' };

/**
 * /admin/moderation: the queues, reports by status and the review queue (issue 28: held posts and
 * comments, `?queue=review`) and the courier badge requests (issue 32: `?queue=badges`), and the posts
 * tool (pin, lock, move, delete).
 */
export function AdminModerationPage() {
  const [params, setParams] = useSearchParams();
  const queue: Queue = QUEUES.find((q) => q === params.get('queue')) ?? 'reports';
  const raw = params.get('status');
  const status: TReportStatus = (REPORT_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as TReportStatus) : 'open';
  const heldStatus: THeldStatus = (HELD_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as THeldStatus) : 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const reports = useQuery({ ...getReportsQueryOptions(status, queue === 'reports' ? page : 1) });
  // The review tab's count, whichever queue is open.
  const waiting = useQuery(getHeldItemsQueryOptions('pending', 1));
  const badges = useQuery(getVerificationsQueryOptions());

  const go = (next: { status?: TReportStatus; page?: number }) => {
    const p = new URLSearchParams(params);
    const s = next.status ?? status;
    if (s === 'open') p.delete('status');
    else p.set('status', s);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p, { replace: true });
  };
  const goReview = (next: { status?: THeldStatus; page?: number }) => {
    const p = new URLSearchParams(params);
    const s = next.status ?? heldStatus;
    if (s === 'pending') p.delete('status');
    else p.set('status', s);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    else p.delete('page');
    setParams(p, { replace: true });
  };
  const switchTo = (q: Queue) => {
    const p = new URLSearchParams();
    if (q !== 'reports') p.set('queue', q);
    setParams(p, { replace: true });
  };

  return (
    <AdminLayout title="Moderation">
      <div role="tablist" aria-label="Queue" className="flex flex-wrap gap-2">
        {QUEUES.map((q) => (
          <button
            key={q}
            type="button"
            role="tab"
            id={`queue-tab-${q}`}
            aria-selected={queue === q}
            aria-controls={`queue-panel-${q}`}
            onClick={() => switchTo(q)}
            className={cn(
              'min-h-11 rounded-lg border px-4 text-sm font-bold',
              queue === q ? 'border-brand-800 bg-brand-50' : 'border-line bg-card text-muted hover:text-ink',
            )}
          >
            {QUEUE_LABEL[q]}
            {q === 'reports' && reports.data && queue === 'reports' ? ` (${reports.data.openCount})` : ''}
            {q === 'review' && waiting.data ? ` (${waiting.data.pendingCount})` : ''}
            {q === 'badges' && badges.data ? ` (${badges.data.requests.length})` : ''}
          </button>
        ))}
      </div>
      {queue === 'badges' ? (
        <div id="queue-panel-badges" role="tabpanel" aria-labelledby="queue-tab-badges">
          <CourierBadgeQueue />
        </div>
      ) : queue === 'review' ? (
        <div id="queue-panel-review" role="tabpanel" aria-labelledby="queue-tab-review">
          <ReviewQueue status={heldStatus} page={page} go={goReview} />
        </div>
      ) : (
        <section id="queue-panel-reports" role="tabpanel" aria-labelledby="queue-tab-reports" className="grid gap-3">
          <h2 id="reports-title" className="text-xl font-bold">
            Reports
          </h2>
          <div role="tablist" aria-label="Report status" className="inline-flex justify-self-start rounded-lg bg-surface p-1">
            {REPORT_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                id={`reports-tab-${s}`}
                aria-selected={status === s}
                aria-controls="reports-panel"
                onClick={() => go({ status: s })}
                className={cn(
                  'min-h-10 rounded-md px-3 text-sm font-semibold',
                  status === s ? 'bg-card shadow-sm' : 'text-muted hover:text-ink',
                )}
              >
                {TAB_LABEL[s]}
                {s === 'open' && reports.data ? ` (${reports.data.openCount})` : ''}
              </button>
            ))}
          </div>
          <div id="reports-panel" role="tabpanel" aria-labelledby={`reports-tab-${status}`} className="grid gap-3">
            {reports.isPending ? (
              <p role="status">Loading reports…</p>
            ) : reports.isError ? (
              <div role="alert" className="grid justify-items-start gap-2 rounded-xl border-l-8 border-red-700 bg-red-50 p-4 text-red-950">
                <p>{errorMessage(reports.error, 'Reports did not load.')}</p>
                <Button variant="secondary" onClick={() => void reports.refetch()}>
                  Try again
                </Button>
              </div>
            ) : reports.data.reports.length === 0 ? (
              <p className="rounded-xl border-2 border-dashed border-line bg-card p-4">
                {status === 'open' ? 'No open reports. All clear.' : `No ${TAB_LABEL[status].toLowerCase()} reports.`}
              </p>
            ) : (
              <>
                <ul className="grid gap-3">
                  {reports.data.reports.map((r) => (
                    <ReportItem key={r.id} report={r} />
                  ))}
                </ul>
                {(page > 1 || reports.data.hasMore) && (
                  <nav aria-label="Report pages" className="flex gap-2">
                    <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                      Previous
                    </Button>
                    <Button variant="secondary" size="sm" disabled={!reports.data.hasMore} onClick={() => go({ page: page + 1 })}>
                      Next
                    </Button>
                  </nav>
                )}
              </>
            )}
          </div>
        </section>
      )}
      <PostTools />
    </AdminLayout>
  );
}
