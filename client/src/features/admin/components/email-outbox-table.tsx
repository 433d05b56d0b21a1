import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TEmailStatus, TOutboxEmail } from '@common/contracts/admin-emails';
import { EMAIL_STATUSES } from '@common/rules/admin-emails';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTimeShort } from '@/lib/dates';
import { getOutboxQueryOptions, useRetryEmail } from '../api/emails';

const STATUS_LABEL: Record<TEmailStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };
const STATUS_CLASS: Record<TEmailStatus, string> = {
  pending: 'bg-accent-100 text-ink',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

function RetryButton({ email }: { email: TOutboxEmail }) {
  const retry = useRetryEmail();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(email.id, {
          onSuccess: (row) =>
            toast(
              row.status === 'sent'
                ? { title: `Sent to ${row.to}`, variant: 'success' }
                : { title: `Retried: still ${row.status}`, description: row.error ?? undefined, variant: row.status === 'failed' ? 'destructive' : 'default' },
            ),
          onError: (err) => toast({ title: 'Retry failed', description: errorMessage(err), variant: 'destructive' }),
        })
      }
    >
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </Button>
  );
}

/** The outbox: every mail the site sent or will send (no bodies: they hold codes and links). */
export function EmailOutboxTable() {
  const [status, setStatus] = useState<TEmailStatus | undefined>(undefined);
  const [cursors, setCursors] = useState<number[]>([]);
  const cursor = cursors[cursors.length - 1];
  const q = useQuery(getOutboxQueryOptions(status, cursor));
  const choose = (s: TEmailStatus | undefined) => {
    setStatus(s);
    setCursors([]);
  };
  return (
    <section aria-labelledby="outbox-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-heading" className="text-xl font-bold">
          Outbox
        </h2>
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {[undefined, ...EMAIL_STATUSES].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={status === s}
              onClick={() => choose(s)}
              className={cn(
                'inline-flex min-h-11 items-center gap-2 rounded-lg border-2 px-3 text-sm font-semibold',
                status === s ? 'border-brand-800 bg-primary text-white' : 'border-line bg-card hover:border-brand-800',
              )}
            >
              {s ? STATUS_LABEL[s] : 'All'}
              {s && q.data && <span className={cn('rounded-full px-2', status === s ? 'bg-white/20' : 'bg-surface')}>{q.data.counts[s]}</span>}
            </button>
          ))}
        </div>
      </div>
      {q.isPending ? (
        <Spinner label="Loading the outbox" />
      ) : q.isError ? (
        <p role="alert">{errorMessage(q.error, 'The outbox could not be loaded.')}</p>
      ) : q.data.emails.length === 0 ? (
        <p className="rounded-lg border-2 border-dashed border-line p-4 text-muted">No emails here.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border-2 border-line bg-card">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Outbox emails, newest first</caption>
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="p-2">To</th>
                <th scope="col" className="p-2">Subject</th>
                <th scope="col" className="p-2">Kind</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2">Attempts</th>
                <th scope="col" className="p-2">Created</th>
                <th scope="col" className="p-2">Sent</th>
                <th scope="col" className="p-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.emails.map((e) => (
                <tr key={e.id} className="border-t border-line align-top">
                  <td className="p-2 break-all">{e.to}</td>
                  <td className="p-2">
                    {e.subject}
                    {e.error && <p className="mt-1 text-xs break-words text-red-800">Last error: {e.error}</p>}
                  </td>
                  <td className="p-2">{e.kind.replace(/_/g, ' ')}</td>
                  <td className="p-2">
                    <span className={cn('rounded-full px-2 py-0.5 font-semibold', STATUS_CLASS[e.status])}>{STATUS_LABEL[e.status]}</span>
                  </td>
                  <td className="p-2 tabular-nums">{e.attempts}</td>
                  <td className="p-2 whitespace-nowrap">{formatDateTimeShort(e.createdAt, '—')}</td>
                  <td className="p-2 whitespace-nowrap">{formatDateTimeShort(e.sentAt, '—')}</td>
                  <td className="p-2">{e.status === 'failed' && <RetryButton email={e} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(cursors.length > 0 || q.data?.nextCursor) && (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button variant="secondary" size="sm" disabled={!q.data?.nextCursor} onClick={() => q.data?.nextCursor && setCursors((c) => [...c, q.data.nextCursor!])}>
            Older
          </Button>
        </div>
      )}
    </section>
  );
}
