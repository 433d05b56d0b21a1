import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App } from '@/app';
import { MemoryRouter, useLocation, type Location } from '@/lib/router';
import { createQueryClient } from '@/lib/query-client';

/** Renders with a fresh query cache and an in-memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Renders the whole app at `path` in an in-memory router; `location()` is where it is now. */
export function renderAppAt(path: string, queryClient?: QueryClient) {
  const seen: { current: Location | null } = { current: null };
  function LocationProbe() {
    seen.current = useLocation();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <App queryClient={queryClient} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { location: () => seen.current! };
}

/** A getByText matcher for the element whose whole text is `text` though split across nodes ("3" and " replies"), not its ancestors. */
export const wholeText = (text: string) => (_: string, el: Element | null) =>
  el?.textContent === text && ![...el.children].some((child) => child.textContent === text);
