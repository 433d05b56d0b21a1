import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateNotifyPreferences } from '@endpoints/notification-preferences';
import type { NotifyChannel, NotifyKind, NotifyPreferences } from '@common/rules/notification-preferences';
import { NOTIFY_PREFS_MSG } from '@common/rules/notification-preferences';
import { call, errorMessage } from '@/lib/api-client';
import { notifyPreferencesKey } from '@/lib/notify-preferences';
import { toast } from '@/components/ui/toast';

export type SwitchChange = { kind: NotifyKind; channel: NotifyChannel; on: boolean };

const withSwitch = (prefs: NotifyPreferences, { kind, channel, on }: SwitchChange): NotifyPreferences => ({
  ...prefs,
  [kind]: { ...prefs[kind], [channel]: on },
});

/**
 * One switch, saved at once: shown flipped straight away, put back (with an error toast) if the
 * save fails; the server's answer (the full set) then replaces the cache.
 */
export function useSaveSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, channel, on }: SwitchChange) =>
      call(updateNotifyPreferences, { body: { preferences: { [kind]: { [channel]: on } } } }).then((r) => r.preferences),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notifyPreferencesKey });
      const before = queryClient.getQueryData<NotifyPreferences>(notifyPreferencesKey);
      if (before) queryClient.setQueryData(notifyPreferencesKey, withSwitch(before, change));
      return { before };
    },
    onSuccess: (prefs) => {
      queryClient.setQueryData(notifyPreferencesKey, prefs);
      toast({ title: NOTIFY_PREFS_MSG.saved, variant: 'success' });
    },
    onError: (err, change, context) => {
      const before = context?.before;
      // Put back only the switch that failed: another one saved meanwhile stays as it is.
      const now = queryClient.getQueryData<NotifyPreferences>(notifyPreferencesKey);
      if (before && now) queryClient.setQueryData(notifyPreferencesKey, withSwitch(now, { ...change, on: before[change.kind][change.channel] === true }));
      toast({ title: 'Could not save your notification preferences', description: errorMessage(err), variant: 'destructive' });
    },
  });
}
