import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { cn } from '@/lib/cn';

// The full-screen photo viewer, its own chunk: pages load it on the first tap on a photo
// (photo-viewer-slot.tsx), so no page carries its code up front.

/** A photo as the viewer shows it: a content `<img>`'s attributes or a chat message's TPhoto. */
export type ViewerPhoto = { src: string; srcset?: string; width?: number; height?: number; alt?: string };

type View = { scale: number; x: number; y: number };
type Point = { x: number; y: number };
type Gesture =
  | { kind: 'swipe' | 'pan'; start: Point; view: View; at: number; moved: boolean }
  | { kind: 'pinch'; distance: number; mid: Point; view: View };

const UNZOOMED: View = { scale: 1, x: 0, y: 0 };
const MAX_SCALE = 4;
const DOUBLE_TAP_SCALE = 2.5;
/** A horizontal drag this long (px) without zoom moves to the next or previous photo. */
const SWIPE_PX = 60;
/** A tap moves less than this (px) and lasts less than TAP_MS; two within DOUBLE_TAP_MS zoom. */
const TAP_PX = 10;
const TAP_MS = 300;
const DOUBLE_TAP_MS = 300;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

type Props = {
  photos: readonly ViewerPhoto[];
  /** The photo shown first. */
  index: number;
  onClose: () => void;
};

/**
 * One photo at a time over a dark backdrop: Close (and Escape), Previous/Next (buttons, arrow keys,
 * a swipe), pinch or double-tap to zoom and drag to pan while zoomed.
 */
export function PhotoViewer({ photos, index: first, onClose }: Props) {
  const [index, setIndex] = useState(() => clamp(first, 0, photos.length - 1));
  const [view, setView] = useState<View>(UNZOOMED);
  const [swipeX, setSwipeX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const photo = photos[index];
  const many = photos.length > 1;
  const go = (step: number) => setIndex((i) => clamp(i + step, 0, photos.length - 1));

  // Each photo starts unzoomed.
  useEffect(() => setView(UNZOOMED), [index]);

  if (!photo) return null;

  /** The area's centre in client coordinates: transforms are about it (the image is centred). */
  const centre = (): Point => {
    const r = area.current?.getBoundingClientRect();
    return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : { x: 0, y: 0 };
  };

  /** Keeps a zoomed photo from being dragged off screen; at scale 1 it sits centred. */
  const bounded = (v: View): View => {
    const r = area.current?.getBoundingClientRect();
    const maxX = r ? ((v.scale - 1) * r.width) / 2 : 0;
    const maxY = r ? ((v.scale - 1) * r.height) / 2 : 0;
    return { scale: v.scale, x: clamp(v.x, -maxX, maxX), y: clamp(v.y, -maxY, maxY) };
  };

  /** Zoom to `scale` keeping the point under `at` (client coordinates) where it is. */
  const zoomAt = (from: View, scale: number, startAt: Point, nowAt: Point = startAt): View => {
    const c = centre();
    // The image point under startAt, in unscaled image coordinates about the centre.
    const px = (startAt.x - c.x - from.x) / from.scale;
    const py = (startAt.y - c.y - from.y) / from.scale;
    return bounded({ scale, x: nowAt.x - c.x - scale * px, y: nowAt.y - c.y - scale * py });
  };

  const startOne = (p: Point, v: View) => {
    gesture.current = { kind: v.scale > 1 ? 'pan' : 'swipe', start: p, view: v, at: Date.now(), moved: false };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      gesture.current = { kind: 'pinch', distance: distance(a, b) || 1, mid: midpoint(a, b), view };
      setSwipeX(0);
    } else if (a) startOne(a, view);
    setDragging(true);
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    const p = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const scale = clamp((g.view.scale * distance(a, b)) / g.distance, 1, MAX_SCALE);
      setView(zoomAt(g.view, scale, g.mid, midpoint(a, b)));
      return;
    }
    const dx = p.x - g.start.x;
    const dy = p.y - g.start.y;
    if (Math.hypot(dx, dy) > TAP_PX) g.moved = true;
    if (g.kind === 'pan') setView(bounded({ scale: g.view.scale, x: g.view.x + dx, y: g.view.y + dy }));
    else if (many) setSwipeX(dx);
  };

  const onPointerEnd = (e: ReactPointerEvent<HTMLDivElement>) => {
    const p = pointers.current.get(e.pointerId);
    if (!p) return;
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    const rest = [...pointers.current.values()][0];
    if (g?.kind === 'pinch') {
      // Lifting one finger of two: the other pans from here. A pinch that ends barely zoomed is unzoomed.
      const settled = view.scale < 1.05 ? UNZOOMED : view;
      if (settled !== view) setView(settled);
      if (rest) startOne(rest, settled);
      else gesture.current = null;
    } else if (g) {
      gesture.current = null;
      const dx = p.x - g.start.x;
      const dy = p.y - g.start.y;
      if (g.kind === 'swipe' && many && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
      else if (!g.moved && e.type === 'pointerup' && Date.now() - g.at < TAP_MS) onTap(p);
    }
    if (!rest) {
      setSwipeX(0);
      setDragging(false);
    }
  };

  const onTap = (p: Point) => {
    const prev = lastTap.current;
    if (prev && Date.now() - prev.at < DOUBLE_TAP_MS && distance(prev.point, p) < TAP_PX * 3) {
      lastTap.current = null;
      setView(view.scale > 1 ? UNZOOMED : zoomAt(view, DOUBLE_TAP_SCALE, p));
    } else lastTap.current = { at: Date.now(), point: p };
  };

  const navButton = 'inline-flex size-12 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70 disabled:opacity-30';
  const label = photo.alt?.trim() || 'Photo';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-black" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex animate-[fade-in_150ms_ease-out] flex-col text-white focus:outline-none"
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          // Radix returns focus only to its own Trigger; the viewer opens from a photo or a thumbnail.
          onCloseAutoFocus={(e) => {
            const target = returnFocus.current;
            if (target && target !== document.body && target.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            else if (e.key === 'ArrowLeft') go(-1);
            else return;
            e.preventDefault();
          }}
        >
          <div className="flex items-center justify-between gap-2 p-2">
            <Dialog.Title className="truncate px-2 text-sm font-semibold">
              <span className="sr-only">{label}</span>
              {many && (
                <span aria-live="polite">
                  {index + 1} of {photos.length}
                </span>
              )}
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="inline-flex size-12 shrink-0 items-center justify-center rounded-full hover:bg-white/10">
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div
            ref={area}
            data-testid="photo-viewer-area"
            className="relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
          >
            <img
              key={photo.src}
              src={photo.src}
              srcSet={photo.srcset || undefined}
              sizes={photo.srcset ? '100vw' : undefined}
              width={photo.width}
              height={photo.height}
              alt={photo.alt ?? ''}
              draggable={false}
              decoding="async"
              className={cn('h-auto max-h-full w-auto max-w-full object-contain', !dragging && 'transition-transform duration-150')}
              style={{ transform: `translate(${view.x + swipeX}px, ${view.y}px) scale(${view.scale})` }}
            />
          </div>
          {many && (
            <div className="pointer-events-none absolute inset-x-0 top-1/2 flex -translate-y-1/2 justify-between px-2">
              <button type="button" aria-label="Previous photo" className={cn(navButton, 'pointer-events-auto')} disabled={index === 0} onClick={() => go(-1)}>
                <ChevronLeft aria-hidden="true" className="size-7" />
              </button>
              <button
                type="button"
                aria-label="Next photo"
                className={cn(navButton, 'pointer-events-auto')}
                disabled={index === photos.length - 1}
                onClick={() => go(1)}
              >
                <ChevronRight aria-hidden="true" className="size-7" />
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
