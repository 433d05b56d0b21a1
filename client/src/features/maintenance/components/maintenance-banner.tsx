import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { PRODUCT_NAME } from '@/lib/config';
import { getMaintenanceStatusQueryOptions } from '../api/get-maintenance-status';

export const DEFAULT_MAINTENANCE_MESSAGE = `We're doing some maintenance. Parts of ${PRODUCT_NAME} may be unavailable for a short while.`;

/** Shown on every page while the server reports maintenance mode (polled every 30 s), with the admin's message. */
export function MaintenanceBanner() {
  const { data } = useQuery(getMaintenanceStatusQueryOptions());
  return (
    // The live region stays mounted so a change from polling is announced.
    <div role="status">
      {data?.maintenanceMode && (
        <div className="bg-accent-400 text-ink">
          <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 font-semibold">
            <Wrench aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {data.message || DEFAULT_MAINTENANCE_MESSAGE}
          </p>
        </div>
      )}
    </div>
  );
}
