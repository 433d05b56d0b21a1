import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The whole app below a router: BrowserRouter in the browser (client/src/main.tsx), StaticRouter
 * when the server renders a page (client/src/entry-server.tsx). `notFoundAt`: a path the server
 * found missing (a deleted post), shown as the 404 page until the reader moves on.
 */
export function App({ queryClient, notFoundAt }: { queryClient?: QueryClient; notFoundAt?: string }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRoutes notFoundAt={notFoundAt} />
    </AppProvider>
  );
}
