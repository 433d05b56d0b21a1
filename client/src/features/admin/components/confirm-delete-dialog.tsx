import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
};

/** 'Delete …?' before something that cannot be undone. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, pending, onConfirm }: Props) {
  return (
    <Modal open={open} onOpenChange={(o) => !pending && onOpenChange(o)} title={title} description={description}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Modal>
  );
}
