import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useNewRecoveryCodes } from '../api/security';
import { PasswordCodeForm } from './password-code-form';
import { RecoveryCodes, SAVE_CODES_FIRST } from './recovery-codes';

/** "Make new recovery codes": the password and the app's code → ten new codes; the old ones die. */
export function NewRecoveryCodesDialog() {
  const make = useNewRecoveryCodes();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [closeError, setCloseError] = useState<string | undefined>();

  const close = () => {
    setOpen(false);
    setCodes(null);
    setSaved(false);
    setCloseError(undefined);
  };
  const onOpenChange = (next: boolean) => {
    if (next) return setOpen(true);
    if (make.isPending) return;
    // The old codes are dead once the new ones are made: these are saved before the dialog goes.
    if (codes && !saved) return setCloseError(SAVE_CODES_FIRST);
    close();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={codes ? 'Save your new recovery codes' : 'Make new recovery codes?'}
      description={codes ? undefined : 'Your old recovery codes stop working at once. Use this if you have lost them or used most of them.'}
      trigger={
        <Button variant="secondary" className="justify-self-start">
          Make new recovery codes
        </Button>
      }
    >
      {codes ? (
        <RecoveryCodes
          codes={codes}
          saved={saved}
          onSavedChange={(v) => {
            setSaved(v);
            if (v) setCloseError(undefined);
          }}
          error={closeError}
          onDone={close}
        />
      ) : (
        <PasswordCodeForm
          send={async (input) => {
            const res = await make.mutateAsync(input);
            toast({ title: 'New recovery codes made', description: res.message, variant: 'success' });
            setCodes(res.recoveryCodes);
          }}
          failTitle="Could not make new recovery codes"
          submitLabel="Make new codes"
          pendingLabel="Making codes…"
          onCancel={close}
        />
      )}
    </Modal>
  );
}
