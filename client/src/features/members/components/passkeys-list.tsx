import { useState, type FormEvent } from 'react';
import type { TPasskey } from '@common/contracts/sign-in';
import { PASSKEY_NAME_MAX, SIGN_IN_MSG } from '@common/rules/sign-in';
import { formatDate } from '@/lib/dates';
import { failureText } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useRemovePasskey, useRenamePasskey } from '../api/security';
import { formFailure } from '../lib/sign-in-codes';
import { FormAlert } from './form-alert';

/** The member's passkeys, newest first: when each was added and last used, renamed or removed here. */
export function PasskeysList({ passkeys }: { passkeys: readonly TPasskey[] }) {
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  if (passkeys.length === 0) return <p className="text-muted">No passkeys yet.</p>;
  return (
    <>
      <ul aria-label="Your passkeys" className="divide-y divide-line rounded-lg border border-line">
        {passkeys.map((p) => (
          <li key={p.id} className="grid gap-2 p-3 sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="min-w-0">
              <p className="font-semibold break-words">{p.name}</p>
              <p className="text-sm text-muted">
                Added {formatDate(p.createdAt)} · {p.lastUsedAt ? `Last used ${formatDate(p.lastUsedAt)}` : 'Never used'}
              </p>
              {p.synced && <p className="text-sm text-muted">Synced to your other devices</p>}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" aria-label={`Rename ${p.name}`} onClick={() => setRenaming(p)}>
                Rename
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Remove ${p.name}`} onClick={() => setRemoving(p)} className="text-red-800">
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: TPasskey | null; onClose: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  // A new passkey to rename starts from its own name.
  const [shown, setShown] = useState<TPasskey | null>(null);
  if (passkey !== shown) {
    setShown(passkey);
    if (passkey) {
      setName(passkey.name);
      setError(undefined);
      setMessage(null);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!passkey) return;
    const trimmed = name.trim();
    const problem = !trimmed ? SIGN_IN_MSG.passkeyNameRequired : trimmed.length > PASSKEY_NAME_MAX ? SIGN_IN_MSG.passkeyNameMax : undefined;
    setError(problem);
    setMessage(null);
    if (problem) return;
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: (res) => {
          toast({ title: res.message, variant: 'success' });
          onClose();
        },
        onError: (err) => {
          const failure = formFailure(err, ['name'] as const);
          setError(failure.fields.name);
          setMessage(failure.message);
          toast({ title: 'Could not rename the passkey', description: failureText(err), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Modal open={!!passkey} onOpenChange={(open) => !open && !rename.isPending && onClose()} title="Rename passkey">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Passkey name"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
        />
        <FormAlert message={message} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RemovePasskeyDialog({ passkey, onClose }: { passkey: TPasskey | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  const [error, setError] = useState<string | null>(null);
  // The words stay while the dialog closes.
  const [last, setLast] = useState<TPasskey | null>(null);
  if (passkey && passkey !== last) {
    setLast(passkey);
    setError(null);
  }
  const shown = passkey ?? last;

  return (
    <ConfirmDialog
      open={!!passkey}
      onOpenChange={(open) => !open && onClose()}
      title="Remove this passkey?"
      description={`“${shown?.name ?? ''}” will no longer sign you in. You can delete it from your phone or password manager too.`}
      confirmLabel="Remove passkey"
      pendingLabel="Removing…"
      pending={remove.isPending}
      error={error}
      onConfirm={() => {
        if (!passkey) return;
        remove.mutate(passkey.id, {
          onSuccess: (res) => {
            toast({ title: res.message, variant: 'success' });
            onClose();
          },
          onError: (err) => setError(failureText(err)),
        });
      }}
    />
  );
}
