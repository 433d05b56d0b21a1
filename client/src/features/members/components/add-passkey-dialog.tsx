import { useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX, SIGN_IN_MSG } from '@common/rules/sign-in';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { loadWebAuthn, useAddPasskey } from '../api/security';
import { formFailure, passwordError } from '../lib/sign-in-codes';
import { FormAlert } from './form-alert';

type Errors = { name?: string; password?: string };

// Not `instanceof Error`: a DOMException is not an Error in every engine.
const errorName = (err: unknown) => (typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '');

/** A passkey that was not made, in words: the server's, the signal's, or the browser's. */
function addFailure(err: unknown): { cancelled: boolean; message: string } {
  const name = errorName(err);
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return { cancelled: true, message: 'The passkey prompt was closed, so no passkey was added. Try again when you are ready.' };
  }
  // The browser already holds a passkey of this account (the server named them all as taken).
  if (name === 'InvalidStateError') return { cancelled: false, message: SIGN_IN_MSG.passkeyExists };
  if (err instanceof ApiError || err instanceof TypeError) return { cancelled: false, message: failureText(err) };
  return { cancelled: false, message: 'This device could not make a passkey. Please try again.' };
}

/**
 * "Add a passkey" (issue 33 part 3): a name for it and the password → the browser makes the passkey
 * (the phone's fingerprint, face or screen lock, or a password manager) → the server keeps it.
 */
export function AddPasskeyDialog() {
  const add = useAddPasskey();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    if (add.isPending) return;
    setOpen(next);
    // Fetched while the member types, so the browser is asked at once after the password is checked.
    if (next) void loadWebAuthn().catch(() => undefined);
    else {
      setName('');
      setPassword('');
      setErrors({});
      setMessage(null);
    }
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    const found: Errors = {
      name: !trimmed ? SIGN_IN_MSG.passkeyNameRequired : trimmed.length > PASSKEY_NAME_MAX ? SIGN_IN_MSG.passkeyNameMax : undefined,
      password: passwordError(password),
    };
    setErrors(found);
    setMessage(null);
    if (found.name || found.password) return;
    add.mutate(
      { name: trimmed, password },
      {
        onSuccess: (res) => {
          setOpen(false);
          setName('');
          setPassword('');
          toast({ title: res.message, description: `“${res.passkey.name}” can now sign you in.`, variant: 'success' });
        },
        onError: (err) => {
          const failure = addFailure(err);
          if (failure.cancelled) {
            toast({ title: 'No passkey added', description: failure.message });
            return;
          }
          const fields = formFailure(err, ['name', 'password'] as const).fields;
          setErrors(fields);
          if (!fields.name && !fields.password) setMessage(failure.message);
          toast({ title: 'Could not add the passkey', description: failure.message, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add a passkey"
      description="Your phone or computer will ask for your fingerprint, face or screen lock to make it."
      trigger={
        <Button variant="secondary" className="justify-self-start">
          Add a passkey
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Passkey name"
          hint="So you can tell your passkeys apart."
          placeholder="My phone"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Enter your password to confirm it is you."
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <FormAlert message={message} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your passkey…' : 'Add passkey'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
