import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient } from '@/lib/query-client';
import { Toaster } from '@/components/ui/toast';

/**
 * App-wide providers: data cache and toasts, nothing else. No Radix provider belongs here: any Radix
 * import in the entry pulls the positioning code (Popper, floating-ui) that lazily loaded menus and
 * hover cards share into the entry chunk, ~11 kB gzipped before interaction on every page. A provider
 * that only some screens need wraps the lazily loaded part that uses it.
 */
export function AppProvider({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
