import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient } from '@/lib/query-client';
import { Toaster } from '@/components/ui/toast';

/**
 * App-wide providers: data cache and toasts. The tooltip timings (spec §9) are not here: any Radix
 * import in the entry pulls the positioning code (Popper, floating-ui) that lazily loaded menus and
 * hover cards share into the entry chunk, ~11 kB gzipped before interaction on every page. Wrap the
 * lazily loaded part that shows tooltips in TooltipProvider (components/ui/tooltip.tsx) instead.
 */
export function AppProvider({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
