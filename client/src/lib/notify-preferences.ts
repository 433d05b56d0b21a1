import { queryOptions } from '@tanstack/react-query';
import { getNotifyPreferences } from '@endpoints/notification-preferences';
import { call } from '@/lib/api-client';

// The member's notification switches (docs/API.md "Notification preferences"). Read by the
// preferences page (notifications feature) and by the chat's new-message toast (chat/site), so the
// query lives here, below both features.

export const notifyPreferencesKey = [getNotifyPreferences.path] as const;

export const notifyPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notifyPreferencesKey,
    queryFn: ({ signal }) => call(getNotifyPreferences, undefined, { signal }).then((r) => r.preferences),
  });
