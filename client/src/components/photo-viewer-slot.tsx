import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { lazyNamed } from '@/lib/lazy';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { ViewerPhoto } from './photo-viewer';

// Pages carry only this: the viewer (Radix Dialog, the gestures) is fetched on the first tap on a photo.
const PhotoViewer = lazyNamed(() => import('./photo-viewer'), 'PhotoViewer');

export type { ViewerPhoto };

/**
 * A full-screen viewer for a set of photos: `open(photos, index)` shows it, `viewer` is the element
 * to render (null while closed).
 */
export function usePhotoViewer(): { open: (photos: readonly ViewerPhoto[], index: number) => void; viewer: ReactNode } {
  const [shown, setShown] = useState<{ photos: readonly ViewerPhoto[]; index: number } | null>(null);
  const open = useCallback((photos: readonly ViewerPhoto[], index: number) => setShown({ photos, index }), []);
  const viewer = shown && (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <PhotoViewer photos={shown.photos} index={shown.index} onClose={() => setShown(null)} />
      </Suspense>
    </ErrorBoundary>
  );
  return { open, viewer };
}
