import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createRouter, preloadInitialPage } from './router';

preloadInitialPage(window.location.pathname);
const router = createRouter();

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
