import type { TTicketSummary } from '@common/contracts/support';
import { Time } from '@/components/ui/time';
import { cn } from '@/lib/cn';

/** The tickets of one status, newest activity first; the open one is marked. */
export function TicketList({ tickets, selectedId, onSelect }: { tickets: TTicketSummary[]; selectedId: number | null; onSelect: (id: number) => void }) {
  if (!tickets.length) return <p className="rounded-lg border-2 border-dashed border-line p-4 text-muted">No tickets here.</p>;
  return (
    <ul className="grid gap-2" aria-label="Tickets">
      {tickets.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            onClick={() => onSelect(t.id)}
            aria-current={selectedId === t.id ? 'true' : undefined}
            className={cn(
              'grid w-full gap-0.5 rounded-lg border-2 border-line bg-card p-3 text-left hover:border-brand-800',
              selectedId === t.id && 'border-brand-800 bg-brand-50',
            )}
          >
            <span className="flex items-baseline justify-between gap-2">
              <span className="font-semibold break-words">{t.subject}</span>
              <span className="shrink-0 text-sm text-muted">#{t.id}</span>
            </span>
            <span className="text-sm break-all text-muted">
              {t.name} · {t.email}
              {t.user ? ` · @${t.user.username}` : ' · guest'}
            </span>
            <span className="text-sm text-muted">
              <Time date={t.updatedAt} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
