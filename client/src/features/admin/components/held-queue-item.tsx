import { useId, useState } from 'react';
import { FileText, MessageSquare } from 'lucide-react';
import type { TAdminHeldItem } from '@common/contracts/review';
import { HELD_REASON_LABEL, REJECT_REASON_MAX, REJECT_REASON_MIN, REVIEW_MSG } from '@common/rules/review';
import { TRUST_LEVEL_NAMES, clampLevel } from '@common/rules/trust';
import { errorMessage } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { Time } from '@/components/ui/time';
import { AnonymousAuthor } from '@/components/anonymous-author';
import { toast } from '@/components/ui/toast';
import { useDecideHeldItem } from '../api/review';
import { MemberActionDialog, suspendFromQueueSpec } from './member-action-dialog';

/**
 * One held post or comment in the review queue (issue 28): what was written, by whom (their trust
 * level and how long they have been a member), why it was held, and approve / reject with a reason
 * the author is told. The text is shown as written, links as plain text: it is what is checked.
 */
export function HeldQueueItem({ item }: { item: TAdminHeldItem }) {
  const decide = useDecideHeldItem();
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const reasonId = useId();
  const kind = item.kind === 'post' ? { label: 'Post', Icon: FileText } : { label: 'Comment', Icon: MessageSquare };
  const short = reason.trim().length < REJECT_REASON_MIN;
  // A spammer's held item: its author can be suspended from here too (issue 28), whatever the decision.
  const [suspended, setSuspended] = useState<string | null>(null);
  const author = item.author;
  // Issue 32: an anonymous item is judged by its words; its author is null here, its label said instead.
  const byline = item.anonymousAs ?? (author ? `@${author.username}` : 'a deleted member');

  const run = (outcome: 'approve' | 'reject') =>
    decide.mutate(outcome === 'approve' ? { id: item.id, outcome } : { id: item.id, outcome, reason: reason.trim() }, {
      onSuccess: (res) => toast({ title: res.message, variant: 'success' }),
      onError: (err) => toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' }),
    });

  return (
    <li>
      <article aria-label={`Held ${kind.label.toLowerCase()} by ${byline}`} className="grid gap-3 rounded-xl border border-line bg-card p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1 rounded-full bg-surface px-2 py-0.5 font-semibold">
            <kind.Icon aria-hidden="true" className="size-3.5" /> {kind.label}
          </span>
          <span className="rounded-full bg-accent-100 px-2 py-0.5 font-semibold">
            {HELD_REASON_LABEL[item.reason]}
            {item.matched ? `: “${item.matched}”` : ''}
          </span>
          <span className="text-muted">
            Held <Time date={item.createdAt} />
          </span>
        </div>

        <p className="text-sm">
          {item.anonymousAs !== undefined ? (
            <>
              By <AnonymousAuthor label={item.anonymousAs} className="font-semibold" />
            </>
          ) : item.author ? (
            <>
              By{' '}
              <Link to={`/profile/${encodeURIComponent(item.author.username)}`} className="link font-semibold">
                @{item.author.username}
              </Link>{' '}
              · {TRUST_LEVEL_NAMES[clampLevel(item.author.trustLevel)]} (level {item.author.trustLevel}) · joined <Time date={item.author.joinedAt} />
            </>
          ) : (
            'By a deleted member'
          )}
        </p>
        {author && (
          <div className="flex flex-wrap items-center gap-2">
            <MemberActionDialog memberId={author.id} spec={suspendFromQueueSpec(`@${author.username}`)} onDone={setSuspended} />
            {/* Also said outside the dialog: while it is open the page around it is hidden from screen readers. */}
            <p role="status" className="text-sm font-semibold text-green-800">
              {suspended}
            </p>
          </div>
        )}

        {item.kind === 'post' ? (
          <p className="font-bold break-words">
            {item.title}
            {item.category && <span className="font-normal text-muted"> in {item.category.name}</span>}
          </p>
        ) : (
          item.post && (
            <p className="text-sm text-muted">
              On{' '}
              <Link to={`/forum/posts/${encodeURIComponent(item.post.slug)}`} className="link">
                “{item.post.title}”
              </Link>
            </p>
          )
        )}
        <blockquote className="max-h-80 overflow-auto rounded-lg border-l-4 border-line bg-surface px-3 py-2 break-words whitespace-pre-wrap">{item.content}</blockquote>

        {item.status === 'pending' ? (
          <div className="grid gap-2">
            {rejecting && (
              <>
                <label htmlFor={reasonId} className="text-sm font-semibold">
                  Reason (the author is told)
                </label>
                <input
                  id={reasonId}
                  value={reason}
                  maxLength={REJECT_REASON_MAX}
                  onChange={(e) => setReason(e.target.value)}
                  className={inputClasses}
                  placeholder="e.g. Adverts are not allowed"
                  autoFocus
                />
                {short && reason.length > 0 && <p className="text-sm text-muted">{REVIEW_MSG.rejectReasonMin}</p>}
              </>
            )}
            <div className="flex flex-wrap gap-2">
              {!rejecting && (
                <Button size="sm" onClick={() => run('approve')} disabled={decide.isPending}>
                  Approve and publish
                </Button>
              )}
              {rejecting ? (
                <>
                  <Button size="sm" variant="danger" onClick={() => run('reject')} disabled={decide.isPending || short}>
                    Reject {kind.label.toLowerCase()}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRejecting(false)} disabled={decide.isPending}>
                    Cancel
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setRejecting(true)} disabled={decide.isPending}>
                  Reject…
                </Button>
              )}
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted">
            {item.status === 'approved' ? 'Approved' : 'Rejected'}
            {item.decidedBy ? ` by @${item.decidedBy.username}` : ''}
            {item.decidedAt && (
              <>
                {' '}
                <Time date={item.decidedAt} />
              </>
            )}
            {item.rejectReason ? `: ${item.rejectReason}` : ''}
            {item.href && (
              <>
                {' · '}
                <Link to={item.href} className="link">
                  View it
                </Link>
              </>
            )}
          </p>
        )}
      </article>
    </li>
  );
}
