import { useEffect, useState } from 'react';
import { slicesHydrated } from './hydration-slices';

/** Set once the first render in this page has been committed (hydration or a client-only start). */
let hydrated = false;

/**
 * False while the server renders and while the browser hydrates that markup, true from then on
 * (parts mounted later start true). A part that depends on the browser (storage, the signed-in
 * user's private page) renders what the server did first, then its real state, so hydration never
 * meets markup it did not expect.
 */
export function useHydrated(): boolean {
  const [now, setNow] = useState(hydrated);
  useEffect(() => {
    // The page's starter (common/boot.ts) reads it: ready once the parts hydrated in slices are too.
    if (!hydrated) void slicesHydrated().then(() => (document.documentElement.dataset.app = 'ready'));
    hydrated = true;
    setNow(true);
  }, []);
  return now;
}
