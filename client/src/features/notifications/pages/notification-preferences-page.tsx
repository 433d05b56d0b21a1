import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  hasChannel,
  NOTIFY_CHANNEL_LABEL,
  NOTIFY_CHANNELS,
  NOTIFY_KIND_LABEL,
  NOTIFY_KINDS,
  type NotifyKind,
  type NotifyPreferences,
} from '@common/rules/notification-preferences';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Head } from '@/components/ui/head';
import { Switch } from '@/components/ui/switch';
import { PushDeviceControl } from '@/components/push-device-control';
import { notifyPreferencesQueryOptions } from '@/lib/notify-preferences';
import { useSaveSwitch } from '../api/preferences';

/**
 * /settings/notifications: this device's push subscription, then a switch for each kind of news and
 * each way it can reach the member (only the channels the kind has), each saved as it is flipped.
 */
export function NotificationPreferencesPage() {
  const prefs = useQuery(notifyPreferencesQueryOptions());
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 px-4 py-6 sm:py-10">
      <Head title="Notification preferences" noindex />
      <h1 className="text-3xl font-extrabold">Notification preferences</h1>
      <section aria-labelledby="this-device-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="this-device-title" className="text-lg font-bold">
          This device
        </h2>
        <PushDeviceControl />
      </section>
      <section aria-labelledby="kinds-title" className="grid gap-3 rounded-2xl border border-line bg-card p-4 shadow-sm sm:p-5">
        <h2 id="kinds-title" className="text-lg font-bold">
          What you hear about, and how
        </h2>
        <p className="text-muted">
          On site: the bell and pop-ups while Kerbside is open. Push: your devices' notifications. Email: a summary when you are away.
        </p>
        {prefs.data ? (
          <PreferencesTable prefs={prefs.data} />
        ) : prefs.error instanceof ApiError && prefs.error.status === 403 ? (
          <p role="alert">Verify your email address first: notifications go only to members with a verified address.</p>
        ) : prefs.isError ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p>Your notification preferences didn't load.</p>
            <Button variant="secondary" onClick={() => void prefs.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p role="status" className="text-muted">
            Loading your notification preferences…
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * A table of kinds by channels. Under 30rem across (a phone, more so with large text) four columns do
 * not fit (issue 30): each kind's row stacks, its name over its three switches, each switch named
 * beside it on screen as it is for screen readers.
 */
function PreferencesTable({ prefs }: { prefs: NotifyPreferences }) {
  return (
    <table className="w-full border-collapse text-left max-[30rem]:block max-[30rem]:[overflow-wrap:anywhere]">
      <caption className="sr-only">Notification switches by kind and channel</caption>
      <thead className="max-[30rem]:sr-only">
        <tr className="border-b border-line">
          <th scope="col" className="py-2 pr-3 font-semibold">
            Kind
          </th>
          {NOTIFY_CHANNELS.map((c) => (
            <th key={c} scope="col" className="px-2 py-2 text-center font-semibold">
              {NOTIFY_CHANNEL_LABEL[c]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-[30rem]:block">
        {NOTIFY_KINDS.map((kind) => (
          <KindRow key={kind} kind={kind} prefs={prefs} />
        ))}
      </tbody>
    </table>
  );
}

function KindRow({ kind, prefs }: { kind: NotifyKind; prefs: NotifyPreferences }) {
  const id = useId();
  const save = useSaveSwitch();
  const { label, hint } = NOTIFY_KIND_LABEL[kind];
  return (
    <tr className="border-b border-line last:border-b-0 max-[30rem]:flex max-[30rem]:flex-wrap max-[30rem]:gap-x-5 max-[30rem]:gap-y-2 max-[30rem]:py-3">
      <th scope="row" className="py-3 pr-3 align-top font-normal max-[30rem]:block max-[30rem]:w-full max-[30rem]:p-0">
        <span id={`${id}-label`} className="block font-semibold">
          {label}
        </span>
        <span id={`${id}-hint`} className="block text-sm text-muted">
          {hint}
        </span>
      </th>
      {NOTIFY_CHANNELS.map((channel) => (
        <td key={channel} className="px-2 py-3 text-center align-top max-[30rem]:flex max-[30rem]:items-center max-[30rem]:gap-2 max-[30rem]:p-0">
          <span aria-hidden="true" className="text-sm font-semibold min-[30rem]:hidden">
            {NOTIFY_CHANNEL_LABEL[channel]}
          </span>
          {hasChannel(kind, channel) ? (
            <Switch
              checked={prefs[kind][channel] === true}
              onCheckedChange={(on) => save.mutate({ kind, channel, on })}
              aria-label={`${label}: ${NOTIFY_CHANNEL_LABEL[channel]}`}
              aria-describedby={`${id}-hint`}
            />
          ) : (
            <span className="text-muted">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{`${label}: not available ${NOTIFY_CHANNEL_LABEL[channel].toLowerCase()}`}</span>
            </span>
          )}
        </td>
      ))}
    </tr>
  );
}
