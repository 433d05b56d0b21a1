import { useId, useState } from 'react';
import { Link } from '@/lib/router';
import { FileText, Mail, MessageSquare, User } from 'lucide-react';
import type { TAdminReport } from '@common/contracts/moderation';
import type { TPhoto } from '@common/contracts/uploads';
import { ADMIN_REASON_MAX } from '@common/rules/members';
import { UPLOAD_MSG } from '@common/rules/uploads';
import { isWatchedWordReport } from '@common/rules/review';
import { errorMessage } from '@/lib/api-client';
import { Time } from '@/components/ui/time';
import { AnonymousAuthor } from '@/components/anonymous-author';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { usePhotoViewer } from '@/components/photo-viewer-slot';
import { inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useCloseReport, useRemoveUpload, useSuspendChat } from '../api/moderation';
import { MemberActionDialog, suspendFromQueueSpec } from './member-action-dialog';

const KIND = {
  post: { label: 'Post', Icon: FileText },
  comment: { label: 'Comment', Icon: MessageSquare },
  message: { label: 'Message', Icon: Mail },
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
  const canDelete = report.status === 'open' && target.exists && (target.type === 'post' || target.type === 'comment');
  // Hidden by members' flags (issue 28): the decision is on all of its reports at once.
  const hidden = report.status === 'open' && !!target.hidden;
  // A reported message or member: their chat can be suspended from here (admins and moderators, issue 18).
  const chatTarget = report.status === 'open' && (target.type === 'message' || target.type === 'user') && target.authorId ? target.authorId : null;
  const suspendChat = useSuspendChat();
  // The author of what was reported (or the member reported) can be suspended while the report is open
  // or once it is upheld: a moderator upholds flags first, then decides on the author.
  const authorId = report.status !== 'dismissed' && target.authorId && target.authorUsername ? target.authorId : null;
  const [suspended, setSuspended] = useState<string | null>(null);
  const suspendAuthor = authorId !== null && (
    <MemberActionDialog memberId={authorId} spec={suspendFromQueueSpec(`@${target.authorUsername}`)} onDone={setSuspended} />
  );
  // Also said outside the dialog: while it is open the page around it (and its toasts) is hidden from screen readers.
  const suspendedStatus = authorId !== null && (
    <p role="status" className="text-sm font-semibold text-green-800">
      {suspended}
    </p>
  );
  const onSuspendChat = (memberId: number) =>
    suspendChat.mutate(
      // The note, if any, is the reason the member is shown (never the reporter's words).
      { memberId, reason: note.trim().slice(0, ADMIN_REASON_MAX) || undefined },
      {
        onSuccess: () => toast({ title: `Chat suspended for @${target.authorUsername}`, variant: 'success' }),
        onError: (err) => toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' }),
      },
    );

  const run = (outcome: 'resolve' | 'dismiss', deleteTarget = false) =>
    close.mutate(
      { id: report.id, outcome, resolution: note.trim(), deleteTarget },
      {
        onSuccess: () =>
          toast({
            title: hidden
              ? outcome === 'dismiss'
                ? `Flags rejected: the ${kind.label.toLowerCase()} is back`
                : `Flags upheld: the ${kind.label.toLowerCase()} stays removed`
              : outcome === 'dismiss'
                ? 'Report dismissed'
                : deleteTarget
                  ? `${kind.label} deleted and report resolved`
                  : 'Report resolved',
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
      <article aria-label={`Report on ${kind.label.toLowerCase()} ${target.label}`} className="grid gap-3 rounded-xl border border-line bg-card p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1 rounded-full bg-surface px-2 py-0.5 font-semibold">
            <kind.Icon aria-hidden="true" className="size-3.5" /> {kind.label}
          </span>
          {hidden && <span className="rounded-full bg-accent-100 px-2 py-0.5 font-semibold text-ink">Hidden by members’ flags</span>}
          {report.targetReportCount > 1 && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{report.targetReportCount} reports on this</span>
          )}
          <span className="text-muted">
            Reported <Time date={report.createdAt} /> by{' '}
            {report.reporter ? `@${report.reporter.username}` : isWatchedWordReport(report) ? 'the watched-words filter' : 'a deleted member'}
          </span>
        </div>

        <div className="grid gap-1">
          {target.href ? (
            <Link to={target.href} className="link font-semibold break-words">
              {target.label}
            </Link>
          ) : target.type === 'message' && target.exists ? (
            // A private message has no page: its conversation is shown below.
            <p className="font-semibold break-words">“{target.label}”</p>
          ) : (
            <p className="font-semibold text-muted italic">{target.label} (no longer on the site)</p>
          )}
          {target.type === 'comment' && target.postTitle && <p className="text-sm text-muted">On “{target.postTitle}”</p>}
          {target.anonymousAs !== undefined ? (
            // Issue 32: moderators act on the words, not the account (only an admin's reveal names it, on the post page).
            <p className="text-sm text-muted">
              Written by <AnonymousAuthor label={target.anonymousAs} />
            </p>
          ) : (
            target.authorUsername &&
            target.type !== 'user' && (
              <p className="text-sm text-muted">
                {target.type === 'message' ? 'Sent' : 'Written'} by @{target.authorUsername}
              </p>
            )
          )}
        </div>

        {target.removedContent && (
          // The removed post's or comment's text, for moderators alone (issue 28): as text, never markup.
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold">{hidden ? `The hidden ${kind.label.toLowerCase()}` : `The removed ${kind.label.toLowerCase()}`}</h3>
            <p className="max-h-60 overflow-y-auto rounded-lg bg-surface px-3 py-2 whitespace-pre-line break-words">{target.removedContent}</p>
          </div>
        )}
        {report.conversation && <ConversationContext messages={report.conversation.messages} />}
        {report.photos.length > 0 && <ReportedPhotos photos={report.photos} where={kind.label.toLowerCase()} />}

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
            {/* What each decision means for trust levels (issue 28): upheld counts against the author, rejected against the reporter. */}
            {(target.type === 'post' || target.type === 'comment') && (
              <p className="text-sm text-muted">
                {hidden
                  ? 'Upholding keeps it removed and counts against its author’s trust level; rejecting restores it and counts against each reporter’s.'
                  : 'Resolving upholds the report (it counts against the author’s trust level); dismissing rejects it (it counts against the reporter’s).'}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => run('resolve')} disabled={close.isPending}>
                {hidden ? 'Uphold: keep it removed' : 'Resolve'}
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
                {hidden ? 'Reject the flags: restore it' : 'Dismiss'}
              </Button>
              {chatTarget !== null && (
                <Button size="sm" variant="secondary" onClick={() => onSuspendChat(chatTarget)} disabled={suspendChat.isPending || suspendChat.isSuccess}>
                  {suspendChat.isSuccess ? 'Chat suspended' : `Suspend chat of @${target.authorUsername}`}
                </Button>
              )}
              {suspendAuthor}
            </div>
            {suspendedStatus}
          </div>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm text-muted">
              {report.status === 'resolved' ? 'Resolved' : 'Dismissed'}
              {report.resolvedBy ? ` by @${report.resolvedBy.username}` : ''}
              {report.resolvedAt && <> <Time date={report.resolvedAt} /></>}
              {report.resolution ? `: ${report.resolution}` : ''}
            </p>
            {suspendAuthor && <div className="flex flex-wrap gap-2">{suspendAuthor}</div>}
            {suspendedStatus}
          </div>
        )}
      </article>
    </li>
  );
}

const thumbClasses = 'block size-24 cursor-zoom-in overflow-hidden rounded-lg bg-surface';

function Thumbnail({ photo, onOpen }: { photo: TPhoto; onOpen: () => void }) {
  return (
    <button type="button" className={thumbClasses} aria-label="Open photo" onClick={onOpen}>
      <img src={photo.src} srcSet={photo.srcset} sizes="96px" width={photo.width} height={photo.height} alt="" loading="lazy" className="size-full object-cover" />
    </button>
  );
}

/** The reported content's photos, each of which an admin can remove from everywhere it appears. */
function ReportedPhotos({ photos, where }: { photos: readonly TPhoto[]; where: string }) {
  const viewer = usePhotoViewer();
  const remove = useRemoveUpload();
  const [confirming, setConfirming] = useState<string | null>(null);

  const onRemove = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: UPLOAD_MSG.removed, variant: 'success' });
      },
      onError: (err) => toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">Photos in this {where}</h3>
      <ul className="flex flex-wrap gap-3">
        {photos.map((p, i) => (
          <li key={p.id} className="grid justify-items-start gap-1.5">
            <Thumbnail photo={p} onOpen={() => viewer.open(photos, i)} />
            <Button size="sm" variant="danger" onClick={() => setConfirming(p.id)} disabled={remove.isPending}>
              Remove photo everywhere
            </Button>
          </li>
        ))}
      </ul>
      {viewer.viewer}
      <Modal
        open={confirming !== null}
        onOpenChange={(o) => !o && !remove.isPending && setConfirming(null)}
        title="Remove this photo from every post, comment and message?"
        description="Its files are deleted and it no longer shows anywhere. This cannot be undone."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => confirming && onRemove(confirming)} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
            {remove.isPending ? 'Removing…' : 'Remove photo'}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

type ContextMessage = NonNullable<TAdminReport['conversation']>['messages'][number];

/** A reported chat message among the messages around it, the reported one marked. */
function ConversationContext({ messages }: { messages: readonly ContextMessage[] }) {
  const viewer = usePhotoViewer();
  const photos = messages.flatMap((m) => (m.photo ? [m.photo] : []));
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">The conversation around it</h3>
      <ol className="grid gap-2 rounded-lg bg-surface p-2">
        {messages.map((m) => (
          <li
            key={m.id}
            aria-current={m.reported || undefined}
            className={cn('grid gap-1 rounded-lg px-3 py-2', m.reported ? 'bg-accent-100 ring-2 ring-accent-400' : 'bg-card')}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{m.senderUsername ? `@${m.senderUsername}` : 'Deleted member'}</span>
              <Time date={m.createdAt} className="text-muted" />
              {m.reported && <span className="font-semibold text-red-900">Reported message</span>}
            </p>
            {m.photo && <Thumbnail photo={m.photo} onOpen={() => viewer.open(photos, photos.indexOf(m.photo!))} />}
            {m.content && <p className="whitespace-pre-line break-words">{m.content}</p>}
          </li>
        ))}
      </ol>
      {viewer.viewer}
    </div>
  );
}
