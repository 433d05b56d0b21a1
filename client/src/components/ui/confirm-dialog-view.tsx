import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The confirm button's words while the action runs ('Deleting…', 'Blocking…'). */
  pendingLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
};

/** 'Are you sure?' before a step that cannot be undone or that matters (deleting, blocking). */
export function ConfirmDialogView({ open, onOpenChange, title, description, confirmLabel, pendingLabel, pending, error, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={(o) => !pending && onOpenChange(o)} title={title} description={description}>
      {error && (
        <p role="alert" className="mb-4 rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
