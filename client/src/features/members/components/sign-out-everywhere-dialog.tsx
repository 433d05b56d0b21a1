import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useEndOtherSessions } from '../api/members-api';
import { failureText } from '@/lib/form-errors';

/** The profile's "Sign out everywhere" button and its confirmation → POST /api/profile/sessions/end-others. */
export function SignOutEverywhereDialog() {
  const [open, setOpen] = useState(false);
  const endOthers = useEndOtherSessions();

  const confirm = () => {
    endOthers.mutate(undefined, {
      onSuccess: (res) => {
        setOpen(false);
        toast({ title: 'Signed out everywhere else', description: res.message, variant: 'success' });
      },
      onError: (err) => {
        toast({ title: 'Could not sign out your other devices', description: failureText(err), variant: 'destructive' });
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(v) => {
        if (!endOthers.isPending) setOpen(v);
      }}
      title="Sign out everywhere?"
      description="Every other phone, tablet and computer signed in to your account is signed out at once. You stay signed in here."
      trigger={
        <Button variant="secondary" className="justify-self-start">
          Sign out everywhere
        </Button>
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={endOthers.isPending}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={endOthers.isPending}>
          {endOthers.isPending ? 'Signing out…' : 'Sign out other devices'}
        </Button>
      </div>
    </Modal>
  );
}
