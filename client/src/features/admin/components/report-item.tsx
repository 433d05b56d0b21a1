import { useId, useState } from 'react';
import { Link } from '@/lib/router';
import { FileText, MessageSquare, User } from 'lucide-react';
import type { TAdminReport } from '@common/contracts/moderation';
import { errorMessage } from '@/lib/api-client';
import { formatAge } from '@/lib/dates';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useCloseReport } from '../api/moderation';

const KIND = {
  post: { label: 'Post', Icon: FileText },
  comment: { label: 'Comment', Icon: MessageSquare },
  user: { label: 'Member', Icon: User },
} as const;

/** One report in the queue: what was reported (with a link), why, by whom, and the admin's actions. */
export function ReportItem({ report }: { report: TAdminReport }) {
  const close = useCloseReport();
  const [note, setNote] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const noteId = useId();
  const { target } = report;
  const kind = KIND[target.type];
  const canDelete = report.status === 'open' && target.exists && target.type !== 'user';

  const run = (outcome: 'resolve' | 'dismiss', deleteTarget = false) =>
    close.mutate(
      { id: report.id, outcome, resolution: note.trim(), deleteTarget },
      {
        onSuccess: () =>
          toast({
            title: outcome === 'dismiss' ? 'Report dismissed' : deleteTarget ? `${kind.label} deleted and report resolved` : 'Report resolved',
            variant: 'success',
          }),
        onError: (err) => {
          setConfirmDelete(false);
          toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' });
        },
      },
    );

  return (
    <li>
      <article aria-label={`Report on ${kind.label.toLowerCase()} ${target.label}`} className="grid gap-3 rounded-xl border border-line bg-white p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1 rounded-full bg-surface px-2 py-0.5 font-semibold">
            <kind.Icon aria-hidden="true" className="size-3.5" /> {kind.label}
          </span>
          {report.targetReportCount > 1 && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{report.targetReportCount} reports on this</span>
          )}
          <span className="text-muted">
            Reported {formatAge(report.createdAt)} by {report.reporter ? `@${report.reporter.username}` : 'a deleted member'}
          </span>
        </div>

        <div className="grid gap-1">
          {target.href ? (
            <Link to={target.href} className="link font-semibold break-words">
              {target.label}
            </Link>
          ) : (
            <p className="font-semibold text-muted italic">{target.label} (no longer on the site)</p>
          )}
          {target.type === 'comment' && target.postTitle && <p className="text-sm text-muted">On “{target.postTitle}”</p>}
          {target.authorUsername && target.type !== 'user' && <p className="text-sm text-muted">Written by @{target.authorUsername}</p>}
        </div>

        <blockquote className="rounded-lg border-l-4 border-accent-400 bg-accent-100/40 px-3 py-2 whitespace-pre-line break-words">{report.reason}</blockquote>

        {report.status === 'open' ? (
          <div className="grid gap-2">
            <label htmlFor={noteId} className="text-sm font-semibold">
              Note (optional)
            </label>
            <input
              id={noteId}
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
              className={inputClasses}
              placeholder="What you did, for the other admins"
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => run('resolve')} disabled={close.isPending}>
                Resolve
              </Button>
              {canDelete &&
                (confirmDelete ? (
                  <Button size="sm" variant="danger" onClick={() => run('resolve', true)} disabled={close.isPending}>
                    Confirm: delete {kind.label.toLowerCase()}
                  </Button>
                ) : (
                  <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)} disabled={close.isPending}>
                    Delete {kind.label.toLowerCase()} and resolve
                  </Button>
                ))}
              <Button size="sm" variant="secondary" onClick={() => run('dismiss')} disabled={close.isPending}>
                Dismiss
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {report.status === 'resolved' ? 'Resolved' : 'Dismissed'}
            {report.resolvedBy ? ` by @${report.resolvedBy.username}` : ''}
            {report.resolvedAt ? ` ${formatAge(report.resolvedAt)}` : ''}
            {report.resolution ? `: ${report.resolution}` : ''}
          </p>
        )}
      </article>
    </li>
  );
}
