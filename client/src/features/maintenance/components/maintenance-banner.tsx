import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { MAINTENANCE_MSG } from '@common/rules/maintenance';
import { onWritesPaused } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { PRODUCT_NAME } from '@/lib/config';
import { sharedKeys } from '@/lib/query-keys';
import { getMaintenanceStatusQueryOptions } from '@/lib/read-only';

export const DEFAULT_MAINTENANCE_MESSAGE = `We're doing some maintenance. Parts of ${PRODUCT_NAME} may be unavailable for a short while.`;

/**
 * Shown on every page while the server reports maintenance mode (polled every 30 s): the site is
 * read-only, and under that the admin's message. A write refused for maintenance reads the status
 * at once, so the banner and the disabled write controls (lib/read-only.ts) need not wait for the poll.
 */
export function MaintenanceBanner() {
  const { data } = useQuery(getMaintenanceStatusQueryOptions());
  const { user } = useUser();
  const queryClient = useQueryClient();
  useEffect(() => onWritesPaused(() => void queryClient.invalidateQueries({ queryKey: sharedKeys.maintenance })), [queryClient]);
  return (
    // The live region stays mounted so a change from polling is announced.
    <div role="status">
      {data?.maintenanceMode && (
        <div className="bg-accent-400 text-on-accent">
          <div className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2">
            <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="grid gap-0.5">
              <p className="font-semibold">
                {MAINTENANCE_MSG.readOnly(PRODUCT_NAME)}
                {user?.isAdmin && ` ${MAINTENANCE_MSG.adminsWrite}`}
              </p>
              <p>{data.message || DEFAULT_MAINTENANCE_MESSAGE}</p>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
