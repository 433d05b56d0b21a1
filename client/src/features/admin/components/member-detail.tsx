import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import type { TAdminMemberDetail } from '@common/contracts/admin';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { getMemberQueryOptions } from '../api/members';
import { AuditList } from './audit-list';
import { MemberActionDialog, suspendAccountSpec, type ActionSpec } from './member-action-dialog';
import { MemberTrust, trustSummary } from './member-trust';

/** The actions that apply to this member in their current state. */
function actionsFor(m: TAdminMemberDetail, selfId: number | undefined): ActionSpec[] {
  const who = `@${m.username}`;
  const list: ActionSpec[] = [];
  list.push(
    m.chatSuspended
      ? { action: 'lift-chat', label: 'Lift chat suspension', confirm: 'Lift chat suspension?', body: `${who} can chat again at once.`, done: `Chat restored for ${who}`, variant: 'secondary' }
      : {
          action: 'suspend-chat',
          label: 'Suspend chat',
          confirm: 'Suspend chat?',
          body: `${who} can no longer send messages, from this moment, also in chats they have open. They are told 'Your chat feature has been suspended by an administrator.'`,
          done: `Chat suspended for ${who}`,
          variant: 'danger',
          reason: true,
        },
  );
  if (m.id !== selfId) {
    list.push(
      m.suspended
        ? { action: 'unsuspend', label: 'Lift account suspension', confirm: 'Lift account suspension?', body: `${who} can sign in again.`, done: `${who} can sign in again`, variant: 'secondary' }
        : suspendAccountSpec(who),
    );
  }
  list.push(
    m.isAdmin
      ? { action: 'remove-admin', label: 'Remove admin', confirm: 'Remove admin?', body: `${who} loses the admin area.`, done: `${who} is no longer an admin`, variant: 'secondary' }
      : { action: 'make-admin', label: 'Make admin', confirm: 'Make admin?', body: `${who} gets the whole admin area, including these member tools.`, done: `${who} is now an admin`, variant: 'secondary' },
  );
  // The moderator role (issue 18): an admin's role is changed by Remove admin, never here.
  if (!m.isAdmin)
    list.push(
      m.isModerator
        ? { action: 'remove-moderator', label: 'Remove moderator', confirm: 'Remove moderator?', body: `${who} loses the moderation tools.`, done: `${who} is no longer a moderator`, variant: 'secondary' }
        : {
            action: 'make-moderator',
            label: 'Make moderator',
            confirm: 'Make moderator?',
            body: `${who} can pin, lock, move and delete any post or comment, handle reports, suspend members' chat, and suspend members for up to 7 days with a reason. Not longer suspensions, ads, mail or settings.`,
            done: `${who} is now a moderator`,
            variant: 'secondary',
          },
    );
  if (!m.verified)
    list.push({
      action: 'resend-verification',
      label: 'Resend verification',
      confirm: 'Resend verification code?',
      body: `A new six-digit code is emailed to ${m.email}; older codes stop working.`,
      done: `Verification code sent to ${m.email}`,
      variant: 'secondary',
    });
  if (m.id !== selfId)
    list.push({
      action: 'delete',
      label: 'Delete member',
      confirm: 'Delete member?',
      body: `${who}'s account is deleted like a self-deletion: personal details are erased, posts and comments stay as 'Anonymous'. This cannot be undone.`,
      done: `${who} was deleted`,
      variant: 'danger',
    });
  return list;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-2">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** One member's record: who they are, their state, the actions, and what admins did to them. */
export function MemberDetail({ id, selfId, onDeleted }: { id: number; selfId?: number; onDeleted: () => void }) {
  const q = useQuery(getMemberQueryOptions(id));
  // Also said inside the dialog: while it is open the page around it (and its toasts) is hidden from screen readers.
  const [done, setDone] = useState<string | null>(null);
  if (q.isPending) return <Spinner label="Loading member" className="py-8" />;
  if (q.isError)
    return (
      <p role="alert" className="text-red-800">
        {errorMessage(q.error, 'Unable to load this member.')}
      </p>
    );
  const m = q.data;
  const states = [m.isAdmin ? 'Admin' : m.isModerator && 'Moderator', m.verified ? 'Verified' : 'Unverified', m.suspended && 'Account suspended', m.chatSuspended && 'Chat suspended']
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1.5">
        <Row label="Name">
          {m.firstName} {m.lastName}
        </Row>
        <Row label="Email">{m.email}</Row>
        <Row label="Status">{states}</Row>
        <Row label="Joined">{formatDateTime(m.createdAt, '—')}</Row>
        {m.suspendedAt && <Row label="Suspended">{formatDateTime(m.suspendedAt, '—')}</Row>}
        {m.suspendedAt && <Row label="Suspended until">{m.suspendedUntil ? formatDateTime(m.suspendedUntil, '—') : 'Until an admin lifts it'}</Row>}
        {m.suspensionReason && <Row label="Reason">{m.suspensionReason}</Row>}
        {m.chatSuspendedAt && <Row label="Chat suspended">{formatDateTime(m.chatSuspendedAt, '—')}</Row>}
        <Row label="Last seen">{formatDateTime(m.lastSeenAt, '—')}</Row>
        <Row label="Sessions">{m.activeSessions}</Row>
        <Row label="Posts">{m.postCount}</Row>
        <Row label="Comments">{m.commentCount}</Row>
        <Row label="Trust level">{trustSummary(m)}</Row>
        {m.verified && (
          <Row label="Profile">
            <Link to={`/profile/${encodeURIComponent(m.username)}`} className="link">
              View public profile
            </Link>
          </Row>
        )}
      </dl>
      <MemberTrust key={`${m.id}:${m.trust.pinned}`} member={m} />
      <div className="flex flex-wrap gap-2" aria-label="Member actions" role="group">
        {actionsFor(m, selfId).map((spec) => (
          <MemberActionDialog key={spec.action} memberId={m.id} spec={spec} onDone={setDone} onDeleted={onDeleted} />
        ))}
      </div>
      <p role="status" className="min-h-6 font-semibold text-green-800">
        {done}
      </p>
      <section aria-label="Admin actions on this member" className="grid gap-1">
        <h3 className="font-bold">History</h3>
        <AuditList target={{ type: 'user', id: m.id }} />
      </section>
    </div>
  );
}
