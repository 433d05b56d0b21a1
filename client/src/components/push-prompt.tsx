import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { enablePush, rememberPushDeclined } from '@/lib/push-subscription';

export const PUSH_PROMPT_TEXT = {
  title: 'Get notified on this phone?',
  why: 'Get a notification on this phone when someone replies or messages you, even with Kerbside closed.',
  turnOn: 'Turn on',
  notNow: 'Not now',
  on: 'Push notifications are on for this device',
} as const;

/**
 * The offer of push notifications, shown after a meaningful action (a message sent, a post or comment
 * published; lib/push-subscription.ts askForPushAfter), never on first load. Not modal: it sits at the
 * top of the page's content, in its flow (covering nothing: issue 30), and takes no focus. "Not now"
 * or the browser's refusal is remembered on this device, and it is not offered again.
 */
export function PushPrompt({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const turnOn = async () => {
    setBusy(true);
    setError(null);
    try {
      const state = await enablePush();
      if (state === 'subscribed') toast({ title: PUSH_PROMPT_TEXT.on, variant: 'success' });
      // Dismissing the browser's question counts as a "not now" here: asking again is nagging.
      else rememberPushDeclined();
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not turn on push notifications. Please try again.'));
      setBusy(false);
    }
  };

  const notNow = () => {
    rememberPushDeclined();
    onClose();
  };

  return (
    <aside
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-why`}
      className="mx-3 mt-3 grid gap-3 rounded-xl border-2 border-line bg-card p-4 text-ink sm:mx-auto sm:w-full sm:max-w-2xl"
    >
      <h2 id={`${id}-title`} className="font-bold">
        {PUSH_PROMPT_TEXT.title}
      </h2>
      <p id={`${id}-why`} className="text-sm">
        {PUSH_PROMPT_TEXT.why}
      </p>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void turnOn()} disabled={busy}>
          {busy ? 'Turning on…' : PUSH_PROMPT_TEXT.turnOn}
        </Button>
        <Button size="sm" variant="ghost" onClick={notNow} disabled={busy}>
          {PUSH_PROMPT_TEXT.notNow}
        </Button>
      </div>
    </aside>
  );
}
