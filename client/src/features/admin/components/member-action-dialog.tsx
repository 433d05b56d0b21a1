import { useId, useState } from 'react';
import { ADMIN_REASON_MAX } from '@common/rules/members';
import { MODERATOR_SUSPENSION_DURATIONS, ROLE_MSG, SUSPENSION_DURATION_KEYS, SUSPENSION_LABELS, type SuspensionDuration } from '@common/rules/roles';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useMemberAction, type MemberAction } from '../api/members';

export type ActionSpec = {
  action: MemberAction;
  label: string;
  confirm: string;
  body: string;
  done: string;
  variant: ButtonVariant;
  reason?: boolean;
  /** The reason must be given: a moderator's suspension (issue 28), which the member is shown at sign-in. */
  reasonRequired?: boolean;
  /** The site suspension's lengths to choose from, the first chosen at first (issue 18; a moderator's: 1 or 7 days, issue 28). */
  durations?: readonly SuspensionDuration[];
};

/**
 * A site suspension with any length and an optional reason (an admin's, on the member's record). The
 * reports queue narrows it to a moderator's (issue 28), keeping this wording.
 */
export const suspendAccountSpec = (who: string): ActionSpec => ({
  action: 'suspend',
  label: 'Suspend account',
  confirm: 'Suspend account?',
  body: `${who} is signed out everywhere and cannot sign in until the suspension ends or is lifted. At sign-in they are shown the end and the reason. Their posts stay.`,
  done: `${who} is suspended`,
  variant: 'danger',
  reason: true,
  durations: SUSPENSION_DURATION_KEYS,
});

/**
 * The moderation queues' suspension (issue 28: reports and held items): a moderator's, so 1 or 7 days
 * with the reason the member is shown at sign-in (admins give longer ones on the member's record). The
 * server refuses an admin, a moderator or oneself, and the dialog says so.
 */
export const suspendFromQueueSpec = (who: string): ActionSpec => ({
  ...suspendAccountSpec(who),
  label: `Suspend ${who}`,
  confirm: `Suspend ${who}?`,
  durations: MODERATOR_SUSPENSION_DURATIONS,
  reasonRequired: true,
});

function reasonLabel(spec: ActionSpec): string {
  if (!spec.durations) return 'Reason (kept in the audit log, optional)';
  return spec.reasonRequired ? 'Reason (shown to the member at sign-in)' : 'Reason (shown to the member at sign-in, optional)';
}

/**
 * A button that opens the action's confirmation (with its length and reason, when it has them) and
 * runs it on the member; a refusal is said in the dialog and in a toast.
 */
export function MemberActionDialog({
  memberId,
  spec,
  onDone,
  onDeleted,
}: {
  memberId: number;
  spec: ActionSpec;
  onDone?: (message: string) => void;
  onDeleted?: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<SuspensionDuration>(spec.durations?.[0] ?? '1d');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMemberAction(memberId);
  const run = () => {
    const text = reason.trim();
    if (text.length > ADMIN_REASON_MAX) return setError(`Reason must be at most ${ADMIN_REASON_MAX} characters`);
    if (spec.reasonRequired && !text) return setError(ROLE_MSG.moderatorSuspensionReason);
    setError(null);
    mutation.mutate(
      { action: spec.action, reason: spec.reason && text ? text : undefined, duration: spec.durations ? duration : undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          toast({ title: spec.done, variant: 'success' });
          onDone?.(spec.done);
          if (spec.action === 'delete') onDeleted?.();
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
          {spec.durations && (
            <fieldset className="grid gap-1.5">
              <legend className="font-semibold">How long</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {spec.durations.map((d) => (
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
                {reasonLabel(spec)}
              </label>
              <textarea
                id={id}
                rows={2}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-required={spec.reasonRequired || undefined}
                className={inputClasses}
              />
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
