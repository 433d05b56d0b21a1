import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TDeadJob } from '@common/contracts/jobs';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { formatNumber, plural } from '@/lib/format';
import { getJobsSummaryQueryOptions, useRetryJob } from '../api/jobs';

/** One failed job: what it is, why it failed, and its Retry. */
function DeadJobItem({ job }: { job: TDeadJob }) {
  const nameId = useId();
  const retry = useRetryJob();
  const again = () =>
    retry.mutate(job.id, {
      onSuccess: (queued) => toast({ title: 'Retry queued', description: `${queued.name} runs again in the background.`, variant: 'success' }),
      onError: (err) => toast({ title: 'Retry failed', description: errorMessage(err), variant: 'destructive' }),
    });
  return (
    <li className="grid gap-1 py-3">
      <p id={nameId} className="font-mono text-sm font-semibold break-all">
        {job.name}
      </p>
      <p className="text-sm break-words text-red-800">{job.lastError ?? 'No error was recorded.'}</p>
      <p className="text-sm text-muted">
        {plural(job.attempts, 'attempt', 'attempts')}
        {job.failedAt && (
          <>
            {' '}
            · failed <time dateTime={job.failedAt}>{formatDateTime(job.failedAt)}</time>
          </>
        )}{' '}
        · queued <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
      </p>
      <div>
        <Button size="sm" variant="secondary" onClick={again} disabled={retry.isPending} aria-describedby={nameId}>
          {retry.isPending ? 'Retrying…' : 'Retry'}
        </Button>
      </div>
    </li>
  );
}

/**
 * The job runner (issue 29): per job, how many wait, failed for good and ran in the last day; then the
 * failed ones, newest first, each with its error and a Retry.
 */
export function DashboardJobs() {
  const id = useId();
  const q = useQuery(getJobsSummaryQueryOptions());
  return (
    <section aria-labelledby={`${id}-h`} className="grid content-start gap-3 rounded-xl border-2 border-line bg-card p-4">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Background jobs
      </h2>
      {q.isPending ? (
        <Spinner label="Loading background jobs" className="py-6" />
      ) : q.isError ? (
        <p role="alert" className="text-red-800">
          Unable to load background jobs. {errorMessage(q.error)}
        </p>
      ) : (
        <>
          {q.data.byName.length === 0 ? (
            <p className="text-muted">No jobs have run yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Background jobs by name: pending, failed, and done in the last 24 hours</caption>
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="py-1 pr-2">
                      Job
                    </th>
                    <th scope="col" className="px-2 py-1 text-right">
                      Pending
                    </th>
                    <th scope="col" className="px-2 py-1 text-right">
                      Failed
                    </th>
                    <th scope="col" className="py-1 pl-2 text-right whitespace-nowrap">
                      Done (24 h)
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.byName.map((j) => (
                    <tr key={j.name} className="border-b border-line last:border-0">
                      <th scope="row" className="py-1 pr-2 font-mono font-normal break-all">
                        {j.name}
                      </th>
                      <td className="px-2 py-1 text-right tabular-nums">{formatNumber(j.pending)}</td>
                      <td className={cn('px-2 py-1 text-right tabular-nums', j.dead > 0 && 'font-bold text-red-800')}>{formatNumber(j.dead)}</td>
                      <td className="py-1 pl-2 text-right tabular-nums">{formatNumber(j.doneLastDay)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3 className="font-bold">Failed jobs</h3>
          {q.data.dead.length === 0 ? (
            <p className="text-muted">No failed jobs.</p>
          ) : (
            <ul aria-label="Failed jobs" className="divide-y divide-line">
              {q.data.dead.map((job) => (
                <DeadJobItem key={job.id} job={job} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
