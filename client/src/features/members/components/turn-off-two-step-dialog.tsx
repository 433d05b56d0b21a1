import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useDisableTwoStep } from '../api/security';
import { PasswordCodeForm } from './password-code-form';

/** "Turn off two-step sign-in": the password and a code (the app's, or a recovery code). Not offered to admins. */
export function TurnOffTwoStepDialog() {
  const disable = useDisableTwoStep();
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    if (!disable.isPending) setOpen(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Turn off two-step sign-in?"
      description="Your password alone will sign you in again. Your recovery codes stop working, and remembered devices are forgotten."
      trigger={
        <Button variant="secondary" className="justify-self-start">
          Turn off two-step sign-in
        </Button>
      }
    >
      <PasswordCodeForm
        recovery
        send={async (input) => {
          const res = await disable.mutateAsync(input);
          setOpen(false);
          toast({ title: 'Two-step sign-in is off', description: res.message, variant: 'success' });
        }}
        failTitle="Could not turn off two-step sign-in"
        submitLabel="Turn off"
        pendingLabel="Turning off…"
        danger
        onCancel={() => onOpenChange(false)}
      />
    </Modal>
  );
}
