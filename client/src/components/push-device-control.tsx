import { useEffect, useId, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { currentPushState, disablePush, enablePush, type PushState } from '@/lib/push-subscription';

/** What the line under the switch says for each state of this device. */
const HINT: Record<PushState, string> = {
  subscribed: 'This device shows a notification when someone replies or messages you, even with Kerbside closed.',
  unsubscribed: 'Turn on to get notifications on this device even with Kerbside closed.',
  default: 'Turn on to get notifications on this device even with Kerbside closed. Your browser will ask you to allow them.',
  denied:
    'Blocked by your browser. To unblock, open the site settings (the icon left of the address) and allow notifications for this site, then reload.',
  unsupported:
    'This browser cannot show push notifications. On an iPhone or iPad, add Kerbside to your home screen (Share → Add to Home Screen) and open it from there.',
};

/**
 * "Push notifications on this device": the switch for this browser's push subscription, beside the
 * per-kind switches of the notification preferences page. Push belongs to a device, not to the
 * account, so its state is read from the browser rather than from the server's preferences.
 */
export function PushDeviceControl() {
  const id = useId();
  // null until the browser has answered (the service worker can take a moment).
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void currentPushState()
      .catch((): PushState => 'unsupported')
      .then((s) => {
        if (live) setState(s);
      });
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(on ? await enablePush() : await disablePush());
    } catch (err) {
      setError(errorMessage(err, on ? 'Could not turn on push notifications. Please try again.' : 'Could not turn off push notifications. Please try again.'));
      setState(await currentPushState().catch((): PushState => 'unsupported'));
    } finally {
      setBusy(false);
    }
  };

  const checked = state === 'subscribed';
  const usable = state !== null && state !== 'unsupported' && state !== 'denied';
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <Switch
          id={`${id}-switch`}
          checked={checked}
          disabled={!usable || busy}
          onCheckedChange={(on) => void toggle(on)}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={`${id}-switch`} className="font-semibold">
          Push notifications on this device
        </label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {state === null ? 'Checking this device…' : HINT[state]}
      </p>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
