import { Suspense, useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type RefObject } from 'react';
import { ImagePlus } from 'lucide-react';
import type { TUpload } from '@common/contracts/uploads';
import { UPLOAD_ACCEPT } from '@common/rules/uploads';
import { cn } from '@/lib/cn';
import { whenIdle } from '@/lib/idle';
import { lazyNamed } from '@/lib/lazy';
import { insertPhotoLine, removePhotoLine } from '@/lib/photo-markdown';
import { Button } from '@/components/ui/button';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import type { PhotoAttachApi, PhotoAttachProps } from './photo-attach';

// The forms carry only this: a Photo button (with its file input) and the paste and drop handlers.
// The picker itself (downscale, upload, thumbnails: components/photo-attach.tsx, lib/photo-upload.ts)
// is its own chunk, fetched when the browser is idle and shown once a photo is picked, so a post
// page's first JS does not grow for the many who only read.

const PhotoAttach = lazyNamed(() => import('./photo-attach'), 'PhotoAttach');

export type { PhotoAttachApi };

type PhotoButtonProps = {
  multiple?: boolean;
  disabled?: boolean;
  /** An icon alone, named "Photo" (the chat composer); else the icon and the word. */
  compact?: boolean;
  onFiles: (files: File[]) => void;
  className?: string;
};

/**
 * The Photo button and its file input: `accept` lists the photo types, so a phone offers its camera
 * or its gallery; `multiple` for a post or comment.
 */
export function PhotoButton({ multiple, disabled, compact, onFiles, className }: PhotoButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="ghost"
        size={compact ? 'md' : 'sm'}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label={compact ? 'Photo' : undefined}
        className={cn(compact && 'px-2.5', className)}
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        {!compact && 'Photo'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={multiple}
        hidden
        tabIndex={-1}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = ''; // the same photo may be picked again after a removal
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** The files of a paste or drop; for a paste only images, and none when text comes with them (a paste from a word processor). */
function filesOf(data: DataTransfer | null, pasted: boolean): File[] {
  if (!data) return [];
  const files = [...(data.files ?? [])];
  if (!pasted) return files;
  if ([...(data.types ?? [])].includes('text/plain')) return [];
  return files.filter((f) => f.type.startsWith('image/'));
}

const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');

export type PhotoSlot = {
  /** Hands files to the picker (loading it first if needed). */
  add: (files: File[]) => void;
  /** Empties the picker after the text was sent (nothing is removed from the text). */
  clear: () => void;
  /** For the textarea (or the composer): paste and drop photos there. */
  targetProps: {
    onPaste: (e: ClipboardEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDragLeave: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
  /** Files are being dragged over the target: show it. */
  dragging: boolean;
  /** What PhotoAttachSlot needs; pass it through. */
  state: { active: boolean; apiRef: { current: PhotoAttachApi | null }; takeQueued: () => File[]; add: (files: File[]) => void };
};

/** A form's photo picker: pair it with <PhotoAttachSlot slot={…}> and spread `targetProps` on the textarea. */
export function usePhotoSlot(): PhotoSlot {
  const [active, setActive] = useState(false);
  const [dragging, setDragging] = useState(false);
  const apiRef = useRef<PhotoAttachApi | null>(null);
  const queued = useRef<File[]>([]);

  useEffect(() => whenIdle(() => void PhotoAttach.preload()), []);

  const add = useCallback((files: File[]) => {
    if (!files.length) return;
    if (apiRef.current) return apiRef.current.add(files);
    // Not mounted yet: kept until it is (PhotoAttach takes them on mount).
    queued.current.push(...files);
    setActive(true);
  }, []);
  const clear = useCallback(() => {
    queued.current = [];
    apiRef.current?.clear();
  }, []);
  const takeQueued = useCallback(() => queued.current.splice(0), []);

  const targetProps: PhotoSlot['targetProps'] = {
    onPaste: (e) => {
      const files = filesOf(e.clipboardData, true);
      if (!files.length) return;
      e.preventDefault(); // a pasted screenshot would otherwise do nothing, or paste its file name
      add(files);
    },
    onDragOver: (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault(); // allows the drop; without it the browser would open the file instead
      e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e) => {
      setDragging(false);
      const files = filesOf(e.dataTransfer, false);
      if (!files.length) return;
      e.preventDefault();
      add(files);
    },
  };

  return { add, clear, targetProps, dragging, state: { active, apiRef, takeQueued, add } };
}

type SlotProps = Omit<PhotoAttachProps, 'apiRef' | 'takeQueued'> & { slot: PhotoSlot };

/**
 * The Photo button until a photo is picked, then the picker (PhotoAttach: thumbnails, progress, Retry
 * and Remove). A picker that fails to load leaves the plain button.
 */
export function PhotoAttachSlot({ slot, ...props }: SlotProps) {
  const { active, apiRef, takeQueued, add } = slot.state;
  const placeholder = (
    <div className={props.className}>
      <PhotoButton multiple={props.multiple} compact={props.compact} disabled={props.disabled} onFiles={add} className={props.buttonClassName} />
    </div>
  );
  if (!active) return placeholder;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={placeholder}>
        <PhotoAttach {...props} apiRef={apiRef} takeQueued={takeQueued} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A markdown textarea's photos, the whole wiring of the post editor and the comment form: the picker
 * (`attach`, rendered under the box), the paste and drop handlers and the focus tracking for the box
 * (`textareaProps`), and whether a photo is still uploading (`uploading`: sending waits for it). A
 * stored photo becomes a line `![Photo](url)` at the caret (at the end when the box was never
 * focused), a removed one takes its line away. `update` changes the text from the one before (so two
 * photos finishing together both land). `urls`: the photos uploaded here, which the preview may show.
 * `clear` empties the picker once the text is sent.
 */
export function useMarkdownPhotos(area: RefObject<HTMLTextAreaElement | null>, update: (change: (text: string) => string) => void, disabled: boolean) {
  const slot = usePhotoSlot();
  const [uploading, setUploading] = useState(false);
  const focused = useRef(false);
  const [urls, setUrls] = useState<ReadonlySet<string>>(() => new Set());
  const onUploaded = (upload: TUpload) => {
    const el = area.current;
    let caret = -1;
    update((text) => {
      // The caret counts in the text the box shows; if that is not this text yet, the end is safe.
      const at = focused.current && el && el.value === text ? el.selectionEnd : text.length;
      const next = insertPhotoLine(text, at, upload.url);
      caret = next.caret;
      return next.text;
    });
    setUrls((cur) => new Set(cur).add(upload.url));
    if (el && typeof document !== 'undefined' && document.activeElement === el) {
      requestAnimationFrame(() => caret >= 0 && el.setSelectionRange(caret, caret));
    }
  };
  const onRemoved = (upload: TUpload) => update((text) => removePhotoLine(text, upload.url));
  return {
    uploading,
    urls,
    clear: slot.clear,
    dragging: slot.dragging,
    textareaProps: { ...slot.targetProps, onFocus: () => void (focused.current = true) },
    attach: (
      <PhotoAttachSlot
        slot={slot}
        multiple
        className="flex flex-wrap items-start gap-2"
        onUploaded={onUploaded}
        onRemoved={onRemoved}
        onBusyChange={setUploading}
        disabled={disabled}
      />
    ),
  };
}
