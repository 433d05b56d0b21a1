import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZCreateReportRequest, type TCreateReportRequest, type TReportTargetType } from '@common/contracts/reports';
import { REPORT_MSG, REPORT_REASON_MAX, REPORT_REASON_MIN } from '@common/rules/reports';
import { createReport } from '@endpoints/reports';
import { call, errorMessage } from '@/lib/api-client';
import { Modal } from '@/components/ui/dialog';
import { ReasonField, ReasonFormActions } from '@/components/ui/reason-field';
import { toast } from '@/components/ui/toast';

export type ReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: TReportTargetType;
  targetId: number;
  /** What is reported, in words: 'this post', 'this comment', '@username'. */
  targetLabel: string;
};

/** POST /api/reports: a member flags a post, comment or member for the admins. */
export function useSendReport() {
  return useMutation({
    mutationFn: (input: TCreateReportRequest) => call(createReport, { body: input }),
  });
}

/** The reason form of a report; 'Report sent' on success, the server's message in an error toast otherwise. */
export function ReportDialog({ open, onOpenChange, targetType, targetId, targetLabel }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendReport();
  const fieldId = useId();

  const close = (o: boolean) => {
    if (send.isPending) return;
    onOpenChange(o);
    if (!o) {
      setReason('');
      setError(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateReportRequest.safeParse({ targetType, targetId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REPORT_MSG.reasonMin);
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Report sent', description: 'Thank you. An admin will look at it.', variant: 'success' });
        onOpenChange(false);
        setReason('');
      },
      onError: (err) => {
        const message = errorMessage(err, 'Could not send the report. Please try again.');
        // Also inside the dialog: while it is open, the page behind it (the toast too) is hidden from screen readers.
        setError(message);
        toast({ title: 'Report failed', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <Modal open={open} onOpenChange={close} title={`Report ${targetLabel}`} description="Tell the admins what breaks the community guidelines. Your report stays private.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ReasonField
          id={fieldId}
          label="Reason"
          value={reason}
          onChange={(text) => {
            setReason(text);
            if (error) setError(null);
          }}
          error={error}
          minLength={REPORT_REASON_MIN}
          maxLength={REPORT_REASON_MAX}
          rows={4}
          minHeightClass="min-h-28"
          placeholder="For example: spam, abuse, a scam, personal details…"
        />
        <ReasonFormActions onCancel={() => close(false)} pending={send.isPending} submitLabel="Send report" pendingLabel="Sending…" />
      </form>
    </Modal>
  );
}
