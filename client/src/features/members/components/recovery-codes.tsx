import { useId } from 'react';
import { useUser } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { describedBy, FieldError } from '@/components/ui/field-error';
import { toast } from '@/components/ui/toast';
import { copyText, saveFile } from '@/lib/keep';
import { RECOVERY_CODES_FILE, recoveryCodesText } from '../lib/sign-in-codes';

/** Why the dialog of new recovery codes stays open: they are shown this once. */
export const SAVE_CODES_FIRST = 'Save your recovery codes first, then tick the box.';

type Props = {
  codes: readonly string[];
  saved: boolean;
  onSavedChange: (saved: boolean) => void;
  /** The dialog was asked to close before the box was ticked. */
  error?: string;
  onDone: () => void;
};

/**
 * New recovery codes (issue 33 part 3), shown this once: the list, a copy and a download, and a box to
 * tick before the member can go on.
 */
export function RecoveryCodes({ codes, saved, onSavedChange, error, onDone }: Props) {
  const id = useId();
  const { user } = useUser();
  const text = () => recoveryCodesText(codes, user?.email ?? '');

  const copy = async () => {
    try {
      await copyText(text());
      toast({ title: 'Recovery codes copied', description: 'Paste them somewhere safe, like your password manager.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Could not copy the codes. Download them, or write them down.', variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-4">
      <p>
        If you lose your phone, each of these codes signs you in once in place of the app’s code. Keep them somewhere safe, like a
        password manager or on paper at home. You will not see them again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-line bg-surface p-3 font-mono text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" size="sm" onClick={() => saveFile(RECOVERY_CODES_FILE, new Blob([text()], { type: 'text/plain;charset=utf-8' }))}>
          Download codes
        </Button>
      </div>
      <div className="grid gap-1">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
          <input
            type="checkbox"
            checked={saved}
            onChange={(e) => onSavedChange(e.currentTarget.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`)}
            className="size-5 shrink-0 accent-brand-800"
          />
          I have saved my recovery codes
        </label>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <Button onClick={onDone} disabled={!saved} className="sm:justify-self-end">
        Done
      </Button>
    </div>
  );
}
