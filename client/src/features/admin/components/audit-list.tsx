import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import type { TAuditEntry } from '@common/contracts/admin';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { actionLabel, actorLabel, getAuditQueryOptions } from '../api/audit';

function Target({ entry }: { entry: TAuditEntry }) {
  if (entry.targetType === 'user' && entry.targetId) {
    const name = entry.targetLabel ?? (typeof entry.details?.username === 'string' ? entry.details.username : `#${entry.targetId}`);
    return (
      <Link to={`/admin/members?member=${entry.targetId}`} className="link">
        @{name}
      </Link>
    );
  }
  return (
    <span>
      {entry.targetType}
      {entry.targetId ? ` #${entry.targetId}` : ''}
    </span>
  );
}

function Details({ details }: { details: TAuditEntry['details'] }) {
  if (!details) return null;
  const shown = Object.entries(details).filter(([k]) => k !== 'username');
  if (shown.length === 0) return null;
  return (
    <span className="block text-sm text-muted break-words">
      {shown.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' · ')}
    </span>
  );
}

/** Who did what to what, when: newest first, more on demand. `target` narrows it to one thing. */
export function AuditList({ target, limit }: { target?: { type: string; id: number }; limit?: number }) {
  const q = useInfiniteQuery(getAuditQueryOptions(target));
  if (q.isPending) return <Spinner label="Loading audit log" className="py-6" />;
  if (q.isError)
    return (
      <p role="alert" className="text-red-800">
        Unable to load the audit log. {errorMessage(q.error)}
      </p>
    );
  const entries = q.data.pages.flatMap((p) => p.entries);
  const shown = limit ? entries.slice(0, limit) : entries;
  if (shown.length === 0) return <p className="text-muted">No admin actions yet.</p>;
  return (
    <div className="grid gap-2">
      <ol className="divide-y divide-line" aria-label="Audit log entries">
        {shown.map((e) => (
          <li key={e.id} className="py-2">
            <span className="font-semibold">{actorLabel(e)}</span> {actionLabel(e.action)} <Target entry={e} />
            <span className="text-sm text-muted">
              {' '}
              · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            </span>
            <Details details={e.details} />
          </li>
        ))}
      </ol>
      {!limit && q.hasNextPage && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      )}
    </div>
  );
}
