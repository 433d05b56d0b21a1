import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import type { TAdminMemberDetail } from '@common/contracts/admin';
import { ADMIN_REASON_MAX } from '@common/rules/members';
import { SUSPENSION_DURATION_KEYS, SUSPENSION_LABELS, type SuspensionDuration } from '@common/rules/roles';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { getMemberQueryOptions, useMemberAction, type MemberAction } from '../api/members';
import { AuditList } from './audit-list';
import { MemberTrust, trustSummary } from './member-trust';

type ActionSpec = {
  action: MemberAction;
  label: string;
  confirm: string;
  body: string;
  done: string;
  variant: ButtonVariant;
  reason?: boolean;
  /** The site suspension's length (issue 18). */
  duration?: boolean;
};

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
        : {
            action: 'suspend',
            label: 'Suspend account',
            confirm: 'Suspend account?',
            body: `${who} is signed out everywhere and cannot sign in until the suspension ends or is lifted. At sign-in they are shown the end and the reason. Their posts stay.`,
            done: `${who} is suspended`,
            variant: 'danger',
            reason: true,
            duration: true,
          },
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
            body: `${who} can pin, lock, move and delete any post or comment, handle reports and suspend members' chat. Not members' accounts, ads, mail or settings.`,
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

function ConfirmAction({
  member,
  spec,
  onDone,
  onDeleted,
}: {
  member: TAdminMemberDetail;
  spec: ActionSpec;
  onDone: (message: string) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<SuspensionDuration>('1d');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMemberAction(member.id);
  const run = () => {
    const text = reason.trim();
    if (text.length > ADMIN_REASON_MAX) return setError(`Reason must be at most ${ADMIN_REASON_MAX} characters`);
    setError(null);
    mutation.mutate(
      { action: spec.action, reason: spec.reason && text ? text : undefined, duration: spec.duration ? duration : undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          toast({ title: spec.done, variant: 'success' });
          onDone(spec.done);
          if (spec.action === 'delete') onDeleted();
        },
        onError: (err) => {
          setError(errorMessage(err));
          toast({ title: `${spec.label} failed`, description: errorMessage(err), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <>
      <Button variant={spec.variant} size="sm" onClick={() => setOpen(true)}>
        {spec.label}
      </Button>
      <Modal open={open} onOpenChange={(o) => (setOpen(o), o || setError(null))} title={spec.confirm} description={spec.body}>
        <div className="grid gap-3">
          {spec.duration && (
            <fieldset className="grid gap-1.5">
              <legend className="font-semibold">How long</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {SUSPENSION_DURATION_KEYS.map((d) => (
                  <label key={d} className="inline-flex min-h-11 items-center gap-2">
                    <input type="radio" name={`${id}-duration`} value={d} checked={duration === d} onChange={() => setDuration(d)} className="size-4" />
                    {SUSPENSION_LABELS[d]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {spec.reason && (
            <div className="grid gap-1.5">
              <label htmlFor={id} className="font-semibold">
                {spec.duration ? 'Reason (shown to the member at sign-in, optional)' : 'Reason (kept in the audit log, optional)'}
              </label>
              <textarea id={id} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} className={inputClasses} />
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant={spec.variant === 'danger' ? 'danger' : 'primary'} onClick={run} disabled={mutation.isPending}>
              {mutation.isPending ? 'Working…' : spec.label}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
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
          <ConfirmAction key={spec.action} member={m} spec={spec} onDone={setDone} onDeleted={onDeleted} />
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
