import { useContext, useEffect, useRef, useState } from 'react';
import { RotateCw, X } from 'lucide-react';
import { QueryClientContext } from '@tanstack/react-query';
import type { TUpload } from '@common/contracts/uploads';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '@common/rules/uploads';
import { cn } from '@/lib/cn';
import { downscale, isAbort, photoQueue, UploadError, uploadPhoto } from '@/lib/photo-upload';
import { siteConfigQueryOptions } from '@/lib/site-config';
import { PhotoButton } from './photo-attach-slot';

// The photo picker of the post editor, the comment form and the chat composer (loaded lazily by
// photo-attach-slot.tsx): each picked photo is made smaller on the device, sent (two at a time,
// lib/photo-upload.ts) with its progress shown over its thumbnail, and handed to the form once
// stored. A failed one says why and offers Retry; any can be removed.

/** What the form can do to the picker. */
export type PhotoAttachApi = {
  add: (files: readonly File[]) => void;
  /** Forgets every photo (after a send): nothing is reported removed. */
  clear: () => void;
};

export type PhotoAttachProps = {
  /** Several photos (a post, a comment: up to UPLOAD_LIMITS.perContent) or one (a chat message: a new pick replaces it). */
  multiple?: boolean;
  /** A photo is stored: the form shows it (a markdown line, or the message's uploadId). */
  onUploaded: (upload: TUpload) => void;
  /** A stored photo was removed by the member: the form forgets it. */
  onRemoved?: (upload: TUpload) => void;
  /** Whether a photo is still on its way (the form waits to send). */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  compact?: boolean;
  /** The picker's box; the chat composer uses `contents` to lay out the button and thumbnail itself. */
  className?: string;
  buttonClassName?: string;
  listClassName?: string;
  /** Filled with the picker's API while it is mounted. */
  apiRef?: { current: PhotoAttachApi | null };
  /** Files picked, pasted or dropped before the picker had loaded. */
  takeQueued?: () => File[];
};

type Status = 'waiting' | 'uploading' | 'done' | 'failed';

type Item = {
  key: string;
  file: File;
  status: Status;
  /** 0–1 of the bytes sent. */
  progress: number;
  /** An object URL of the photo as sent (after the downscale). */
  preview?: string;
  error?: string;
  /** A failure that a retry could mend (not a file that is no photo). */
  retryable?: boolean;
  upload?: TUpload;
};

let counter = 0;
const nextKey = () => `photo-${++counter}`;

const revoke = (url: string | undefined) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};
const objectUrl = (blob: Blob) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : undefined);

const busyStatus = (s: Status) => s === 'waiting' || s === 'uploading';

export function PhotoAttach({
  multiple = false,
  onUploaded,
  onRemoved,
  onBusyChange,
  disabled,
  compact,
  className,
  buttonClassName,
  listClassName,
  apiRef,
  takeQueued,
}: PhotoAttachProps) {
  const [items, setItems] = useState<Item[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useContext(QueryClientContext);
  // The pipeline is async: it reads the latest callbacks and items through these.
  const latest = useRef({ onUploaded, onRemoved, items });
  latest.current = { onUploaded, onRemoved, items };
  /** Per photo: its upload's abort, and the downscaled blob (a retry sends it again without redoing it). */
  const work = useRef(new Map<string, { abort?: AbortController; blob?: Blob }>());

  const patch = (key: string, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  /** The server's size limit (GET /api/site-config, fetched once); unknown when it cannot be had. */
  const maxBytes = async (): Promise<number | undefined> => {
    if (!queryClient) return undefined;
    try {
      return (await queryClient.fetchQuery(siteConfigQueryOptions())).uploadMaxBytes;
    } catch {
      return undefined;
    }
  };

  const start = (key: string, file: File) => {
    const abort = new AbortController();
    const w = work.current.get(key) ?? {};
    w.abort = abort;
    work.current.set(key, w);
    patch(key, { status: 'waiting', progress: 0, error: undefined });
    photoQueue(async () => {
      abort.signal.throwIfAborted();
      if (!w.blob) {
        w.blob = await downscale(file);
        abort.signal.throwIfAborted();
        patch(key, { preview: objectUrl(w.blob) });
      }
      const max = await maxBytes();
      if (max && w.blob.size > max) throw new UploadError(413, UPLOAD_MSG.tooLarge(Math.round((max / 1024 / 1024) * 10) / 10));
      patch(key, { status: 'uploading' });
      return uploadPhoto(w.blob, { signal: abort.signal, onProgress: (progress) => patch(key, { progress }) });
    }).then(
      (upload) => {
        if (abort.signal.aborted) return;
        patch(key, { status: 'done', progress: 1, upload });
        latest.current.onUploaded(upload);
      },
      (err: unknown) => {
        if (isAbort(err) || abort.signal.aborted) return;
        const retryable = !(err instanceof UploadError) || err.status === 0 || err.status === 429 || err.status >= 500;
        patch(key, { status: 'failed', error: err instanceof UploadError ? err.message : UPLOAD_MSG.networkFailed, retryable });
      },
    );
  };

  const drop = (item: Item) => {
    work.current.get(item.key)?.abort?.abort();
    work.current.delete(item.key);
    revoke(item.preview);
    setItems((list) => list.filter((i) => i.key !== item.key));
  };

  const remove = (item: Item) => {
    drop(item);
    setNotice(null);
    if (item.upload) latest.current.onRemoved?.(item.upload);
  };

  const add = (files: readonly File[]) => {
    if (!files.length) return;
    let picked = [...files];
    if (!multiple) {
      // One photo per message: a new pick replaces the one there.
      picked = picked.slice(0, 1);
      for (const old of latest.current.items) remove(old);
      latest.current.items = [];
    } else {
      const room = UPLOAD_LIMITS.perContent - latest.current.items.filter((i) => i.status !== 'failed').length;
      setNotice(picked.length > room ? UPLOAD_MSG.tooManyInContent : null);
      picked = picked.slice(0, Math.max(0, room));
    }
    const fresh: Item[] = picked.map((file) => {
      const key = nextKey();
      // A file that is no image at all (dropped by mistake) is not sent: the server would refuse it.
      if (file.type && !file.type.startsWith('image/')) {
        return { key, file, status: 'failed', progress: 0, error: UPLOAD_MSG.unsupportedType, retryable: false };
      }
      return { key, file, status: 'waiting', progress: 0 };
    });
    setItems((list) => [...list, ...fresh]);
    latest.current.items = [...latest.current.items, ...fresh];
    for (const item of fresh) if (item.status === 'waiting') start(item.key, item.file);
  };

  const api: PhotoAttachApi = {
    add,
    clear: () => {
      for (const item of latest.current.items) drop(item);
      latest.current.items = [];
      setNotice(null);
    },
  };
  const apiNow = useRef(api);
  apiNow.current = api;

  useEffect(() => {
    if (apiRef) apiRef.current = { add: (f) => apiNow.current.add(f), clear: () => apiNow.current.clear() };
    const queued = takeQueued?.() ?? [];
    if (queued.length) apiNow.current.add(queued);
    const running = work.current;
    return () => {
      if (apiRef) apiRef.current = null;
      // Leaving the form: uploads on their way stop; their previews go.
      for (const w of running.values()) w.abort?.abort();
      for (const item of latest.current.items) revoke(item.preview);
    };
    // Once: the API reads the latest state through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const busy = items.some((i) => busyStatus(i.status));
  const busyListener = useRef(onBusyChange);
  busyListener.current = onBusyChange;
  useEffect(() => busyListener.current?.(busy), [busy]);

  return (
    <div className={className}>
      <PhotoButton multiple={multiple} compact={compact} disabled={disabled} onFiles={add} className={buttonClassName} />
      {items.length > 0 && (
        <ul className={cn('flex flex-wrap gap-2', listClassName)} aria-label="Photos">
          {items.map((item) => (
            <PhotoThumb key={item.key} item={item} onRetry={() => start(item.key, item.file)} onRemove={() => remove(item)} />
          ))}
        </ul>
      )}
      {notice && (
        <p role="status" className="basis-full text-sm font-semibold text-red-800">
          {notice}
        </p>
      )}
    </div>
  );
}

function PhotoThumb({ item, onRetry, onRemove }: { item: Item; onRetry: () => void; onRemove: () => void }) {
  const percent = Math.round(item.progress * 100);
  const name = item.file.name || 'photo';
  return (
    <li className="grid w-24 gap-1" aria-busy={busyStatus(item.status) || undefined}>
      <div className="relative size-24 overflow-hidden rounded-lg border border-line bg-surface">
        {item.preview ? (
          <img src={item.preview} alt={`Photo ${name}`} className={cn('size-full object-cover', item.status !== 'done' && 'opacity-70')} />
        ) : (
          <span aria-hidden="true" className="absolute inset-0 m-auto size-6 animate-spin rounded-full border-2 border-brand-100 border-t-brand-800 motion-reduce:animate-none" />
        )}
        {busyStatus(item.status) && (
          <div
            role="progressbar"
            aria-label={`Uploading ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="absolute inset-x-1 bottom-1 h-1.5 overflow-hidden rounded-full bg-white/80"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label="Remove photo"
          className="absolute top-0.5 right-0.5 grid size-8 place-items-center rounded-full bg-black/70 text-white hover:bg-black"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {item.status === 'failed' && (
        <>
          <p role="alert" className="text-xs font-semibold break-words text-red-800">
            {item.error}
          </p>
          {item.retryable && (
            <button type="button" onClick={onRetry} aria-label="Retry upload" className="link inline-flex items-center gap-1 text-sm">
              <RotateCw aria-hidden="true" className="size-4" />
              Retry
            </button>
          )}
        </>
      )}
      {item.status === 'done' && <span className="sr-only">Uploaded</span>}
    </li>
  );
}
