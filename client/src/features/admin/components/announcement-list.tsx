import { useQuery } from '@tanstack/react-query';
import type { TAnnouncement } from '@common/contracts/admin-emails';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { getAnnouncementsQueryOptions } from '../api/emails';
import { formatNumber } from '@/lib/format';

const STATUS: Record<TAnnouncement['status'], { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-surface text-ink' },
  sending: { label: 'Sending', className: 'bg-accent-100 text-ink' },
  sent: { label: 'Sent', className: 'bg-green-100 text-green-900' },
};

/** Drafts and sent announcements, newest first, with progress while sending (polled). */
export function AnnouncementList({ onPreview }: { onPreview: (a: TAnnouncement) => void }) {
  const q = useQuery(getAnnouncementsQueryOptions());
  if (q.isPending) return <Spinner label="Loading announcements" />;
  if (q.isError) return <p role="alert">{errorMessage(q.error, 'Announcements could not be loaded.')}</p>;
  if (!q.data.announcements.length) return <p className="rounded-lg border-2 border-dashed border-line p-4 text-muted">No announcements yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Announcements">
      {q.data.announcements.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-2 border-line bg-card p-3">
          <div className="grid gap-0.5">
            <p className="font-semibold break-words">{a.subject}</p>
            <p className="text-sm text-muted">
              <span className={cn('mr-2 rounded-full px-2 py-0.5 font-semibold', STATUS[a.status].className)}>{STATUS[a.status].label}</span>
              {a.audienceLabel}
              {a.status !== 'draft' && ` · ${formatNumber(a.sentCount)} sent`}
              {a.status === 'sent' && a.finishedAt && ` · finished ${formatDateTime(a.finishedAt)}`}
              {a.status === 'draft' && ` · written ${formatDateTime(a.createdAt)}${a.createdBy ? ` by @${a.createdBy}` : ''}`}
            </p>
          </div>
          <Button variant={a.status === 'draft' ? 'primary' : 'secondary'} size="sm" onClick={() => onPreview(a)}>
            {a.status === 'draft' ? 'Preview and send' : 'Preview'}
          </Button>
        </li>
      ))}
    </ul>
  );
}
