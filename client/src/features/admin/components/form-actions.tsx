import { Button } from '@/components/ui/button';

type Props = { submitLabel: string; pending: boolean; onCancel?: () => void };

/** An admin form's last row: the submit button ('Saving…' while pending) and, when editing, Cancel. */
export function FormActions({ submitLabel, pending, onCancel }: Props) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
    </div>
  );
}
