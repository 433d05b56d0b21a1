import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import type { TTicketStatus } from '@common/contracts/support';
import { TICKET_STATUSES } from '@common/rules/support';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { getTicketsQueryOptions } from '../api/support';
import { AdminLayout } from '../components/admin-layout';
import { TicketList } from '../components/ticket-list';
import { TicketView } from '../components/ticket-view';

const LABEL: Record<TTicketStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

/** /admin/support: tickets by status (tabs with counts), and the chosen ticket's thread and tools. */
export function AdminSupportPage() {
  const [params, setParams] = useSearchParams();
  const status = (TICKET_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as TTicketStatus) : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const ticketId = Number(params.get('ticket')) || null;
  const q = useQuery(getTicketsQueryOptions(status, page));

  const set = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: false },
    );

  return (
    <AdminLayout title="Support">
      <div role="group" aria-label="Ticket status" className="flex flex-wrap gap-2">
        {TICKET_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => set({ status: s === 'open' ? null : s, page: null })}
            className={cn(
              'inline-flex min-h-11 items-center gap-2 rounded-lg border-2 px-3 font-semibold',
              status === s ? 'border-brand-800 bg-primary text-white' : 'border-line bg-card text-ink hover:border-brand-800',
            )}
          >
            {LABEL[s]}
            <span className={cn('rounded-full px-2 text-sm', status === s ? 'bg-white/20' : 'bg-surface')}>{q.data ? q.data.counts[s] : '…'}</span>
          </button>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={`${LABEL[status]} tickets`} className="grid content-start gap-3">
          {q.isPending ? (
            <Spinner label="Loading tickets" />
          ) : q.isError ? (
            <p role="alert">{errorMessage(q.error, 'Tickets could not be loaded.')}</p>
          ) : (
            <>
              <TicketList tickets={q.data.tickets} selectedId={ticketId} onSelect={(id) => set({ ticket: String(id) })} />
              {(page > 1 || q.data.hasMore) && (
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => set({ page: page - 1 > 1 ? String(page - 1) : null })}>
                    Newer
                  </Button>
                  <Button variant="secondary" size="sm" disabled={!q.data.hasMore} onClick={() => set({ page: String(page + 1) })}>
                    Older
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
        <div>{ticketId ? <TicketView key={ticketId} id={ticketId} /> : <p className="text-muted">Choose a ticket to read it and reply.</p>}</div>
      </div>
    </AdminLayout>
  );
}
