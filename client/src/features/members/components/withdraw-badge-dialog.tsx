import { useId, useState, type FormEvent } from 'react';
import { VERIFY_MSG, VERIFY_REASON_MAX } from '@common/rules/courier';
import { Modal } from '@/components/ui/dialog';
import { ReasonField, ReasonFormActions } from '@/components/ui/reason-field';
import { toast } from '@/components/ui/toast';
import { failureText } from '@/lib/form-errors';
import { useWithdrawBadge } from '../api/verification';

export type WithdrawBadgeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member: { id: number; username: string };
  /** The badge's words: "Verified Evri courier". */
  badgeText: string;
};

/** The reason a moderator withdraws a member's verified courier badge for (the member is told it); ≤ VERIFY_REASON_MAX. */
export function WithdrawBadgeDialog({ open, onOpenChange, member, badgeText }: WithdrawBadgeDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const withdraw = useWithdrawBadge(member);
  const fieldId = useId();

  const close = (o: boolean) => {
    if (withdraw.isPending) return;
    onOpenChange(o);
    if (!o) {
      setReason('');
      setError(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError(VERIFY_MSG.reasonRequired);
    if (text.length > VERIFY_REASON_MAX) return setError(VERIFY_MSG.reasonMax);
    setError(null);
    withdraw.mutate(text, {
      onSuccess: (res) => {
        toast({ title: res.message, variant: 'success' });
        onOpenChange(false);
        setReason('');
      },
      onError: (err) => {
        // Also inside the dialog: while it is open, the page behind it (the toast too) is hidden from screen readers.
        setError(failureText(err));
        toast({ title: 'Could not withdraw the badge', description: failureText(err), variant: 'destructive' });
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={`Withdraw @${member.username}’s badge?`}
      description={`“${badgeText}” comes off their posts, comments, profile and directory card. They are told, with your reason.`}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ReasonField
          id={fieldId}
          label="Reason (the member is told)"
          value={reason}
          onChange={(text) => {
            setReason(text);
            if (error) setError(null);
          }}
          error={error}
          maxLength={VERIFY_REASON_MAX}
          rows={3}
          minHeightClass="min-h-24"
          placeholder="For example: they no longer drive for this network"
        />
        <ReasonFormActions onCancel={() => close(false)} pending={withdraw.isPending} submitLabel="Withdraw badge" pendingLabel="Withdrawing…" />
      </form>
    </Modal>
  );
}
