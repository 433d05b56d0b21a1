import { useEffect, useRef, useState } from 'react';
import type { TLoginResponse } from '@common/contracts/auth';
import { toast } from '@/components/ui/toast';
import { whenIdle } from '@/lib/idle';
import { usePasskeySignIn as usePasskeySignInCall } from '../api/auth-api';
import { askForPasskey, autofillSupported, cancelPasskeyRequest, isCancelled, passkeysSupported } from '../api/passkey';

type Options = {
  /** The password form is shown (its email field is where the browser offers passkeys). */
  active: boolean;
  /** The server's answer to a passkey: signed in, or the second step is due. */
  onAnswer: (res: TLoginResponse) => void;
  /** A passkey the member chose was refused, or the browser could not use it. */
  onError: (err: unknown) => void;
};

/**
 * Sign-in with a passkey (issue 33 part 3), two ways: the "Sign in with a passkey" button, and the
 * browser's autofill on the email field (conditional mediation), asked for in the background while
 * the form is shown. The background request never says anything of its own failures; once the member
 * has picked a passkey from it, the answer is theirs to see like the button's. One request waits at a
 * time: the button's sets the autofill's aside, and the autofill's is asked again when the button's
 * ends without signing in.
 */
export function usePasskeySignIn({ active, onAnswer, onError }: Options) {
  // Shown on the server's page and while hydrating; gone where the browser has no passkeys at all.
  const [supported, setSupported] = useState(true);
  const [pending, setPending] = useState(false);
  // Bumped to ask for the autofill's request again.
  const [round, setRound] = useState(0);
  const buttonBusy = useRef(false);
  const mounted = useRef(true);
  const handlers = useRef({ onAnswer, onError });
  handlers.current = { onAnswer, onError };
  const send = usePasskeySignInCall();
  const { mutate } = send;

  useEffect(() => {
    mounted.current = true;
    setSupported(passkeysSupported());
    return () => {
      mounted.current = false;
      // The button's prompt has no page under it any more.
      if (buttonBusy.current) cancelPasskeyRequest();
    };
  }, []);

  useEffect(() => {
    if (!active) return;
    let live = true;
    // The browser is being asked (not only the challenge fetched): leaving must end that request.
    let waiting = false;
    let cancelWait = () => {};
    const stillWanted = () => {
      if (!live || buttonBusy.current) return false;
      waiting = true;
      return true;
    };
    // Once the reader starts using the page (or after a while): the landing page shows this form to
    // every guest, and its first seconds on a phone are not for loading WebAuthn code (issue 31).
    const ready = new Promise<void>((resolve) => {
      cancelWait = whenIdle(resolve);
    });
    void (async () => {
      await ready;
      if (!live || buttonBusy.current || !(await autofillSupported()) || !live || buttonBusy.current) return null;
      return askForPasskey({ autofill: true, stillWanted });
    })()
      .finally(() => {
        waiting = false;
      })
      .then(
        (response) => {
          if (!response || !live) return;
          mutate(response, {
            onSuccess: (res) => handlers.current.onAnswer(res),
            onError: (err) => {
              handlers.current.onError(err);
              setRound((r) => r + 1);
            },
          });
        },
        // Set aside by the button or by leaving, not offered, or the challenge did not come: say nothing.
        () => undefined,
      );
    return () => {
      live = false;
      cancelWait();
      if (waiting) cancelPasskeyRequest();
    };
  }, [active, round, mutate]);

  async function start() {
    if (buttonBusy.current) return;
    buttonBusy.current = true;
    setPending(true);
    try {
      const response = await askForPasskey();
      if (!response) return;
      const res = await send.mutateAsync(response);
      if (mounted.current) handlers.current.onAnswer(res);
    } catch (err) {
      if (!mounted.current) return;
      if (isCancelled(err)) toast({ title: 'Passkey sign-in cancelled' });
      else handlers.current.onError(err);
      setRound((r) => r + 1);
    } finally {
      buttonBusy.current = false;
      if (mounted.current) setPending(false);
    }
  }

  return { supported, pending: pending || send.isPending, start };
}
