import type { ReactNode } from 'react';
import { Tooltip } from 'radix-ui';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_MS } from '@common/constants';

/**
 * Spec §9 tooltip timings: 700 ms delay, 300 ms skip. Use it inside lazily loaded code only (a page
 * or a menu chunk), never from the app shell: see app/provider.tsx for why.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_MS}>
      {children}
    </Tooltip.Provider>
  );
}
