import { createUpload, type TUpload } from '@common/contracts/uploads';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '@common/rules/uploads';

// A photo's way up (docs/API.md "Uploads"): made smaller on the device first, since a phone's camera
// file is 3–8 MB and the server keeps at most 2048 px anyway (a 4000x3000 photo leaves as ~400 kB of
// JPEG), then sent with XMLHttpRequest, the one browser API that reports upload progress. Loaded only
// with the photo picker (components/photo-attach.tsx), never with a page.

/** Under this size and within clientMaxSide a file goes up as it is: re-encoding would gain little. */
const SMALL_BYTES = 400 * 1024;

/** Types the browser re-encodes; a GIF goes as it is (the server keeps its first frame). */
const NOT_REENCODED = new Set(['image/gif']);

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas | null {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encodeJpeg(canvas: Canvas): Promise<Blob | null> {
  const type = 'image/jpeg';
  const quality = UPLOAD_LIMITS.clientQuality;
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The photo to send: JPEG, PNG and WebP (and whatever else this browser can decode, such as HEIC on
 * Safari) redrawn with the longest side at most UPLOAD_LIMITS.clientMaxSide, upright (EXIF
 * orientation applied) and encoded as JPEG on white (a PNG's transparency has nothing to show through
 * in a post). A GIF, a file already small, or one the browser cannot decode goes as it is, and the
 * server answers for it.
 */
export async function downscale(file: Blob): Promise<Blob> {
  if (NOT_REENCODED.has(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = bitmap;
    const longest = Math.max(width, height);
    if (file.size < SMALL_BYTES && longest <= UPLOAD_LIMITS.clientMaxSide) return file;
    const scale = Math.min(1, UPLOAD_LIMITS.clientMaxSide / longest);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = makeCanvas(w, h);
    const ctx = canvas?.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null | undefined;
    if (!canvas || !ctx) return file;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, w, h);
    const jpeg = await encodeJpeg(canvas);
    if (!jpeg) return file;
    // A small, already-compressed file may grow as JPEG: then the original is the better one to send.
    return jpeg.size >= file.size && scale === 1 ? file : jpeg;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

/** A failed upload: `message` is what to show (the server's own, or the network failure's). */
export class UploadError extends Error {
  /** The HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

/** What to say when a refusal came without a readable message. */
function fallbackMessage(status: number): string {
  if (status === 415) return UPLOAD_MSG.unsupportedType;
  if (status === 413) return UPLOAD_MSG.tooLarge(UPLOAD_LIMITS.defaultMaxMb);
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status === 401) return 'Please sign in to add photos.';
  return 'The photo could not be uploaded. Please try again.';
}

function readMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's error page): the fallback says it.
  }
  return undefined;
}

export type UploadOptions = {
  /** 0–1 as the bytes leave (not called when the browser cannot tell the total). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The file name sent with the part; the server reads the bytes, whatever it says. */
  name?: string;
};

/**
 * POST /api/uploads (multipart, field `file`) → the stored photo. Sent as every write of the app
 * (api-client.ts): same origin, so the browser adds the Origin header the server checks and the
 * session cookie; nothing else is needed. Rejects with an UploadError carrying the server's message
 * (UPLOAD_MSG) for a refusal, UPLOAD_MSG.networkFailed when no answer came, and an AbortError when
 * `signal` aborts it.
 */
export function uploadPhoto(blob: Blob, { onProgress, signal, name }: UploadOptions = {}): Promise<TUpload> {
  return new Promise<TUpload>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open(createUpload.method, createUpload.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
    }
    xhr.onload = () => {
      done();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(text) as TUpload);
        } catch {
          reject(new UploadError(xhr.status, fallbackMessage(xhr.status)));
        }
        return;
      }
      if (xhr.status === 0) return reject(new UploadError(0, UPLOAD_MSG.networkFailed));
      reject(new UploadError(xhr.status, readMessage(text) ?? fallbackMessage(xhr.status)));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0, UPLOAD_MSG.networkFailed));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append('file', blob, name ?? fileName(blob));
    xhr.send(form);
  });
}

/** A name for the part when the blob has none of its own (the downscaled JPEG). */
function fileName(blob: Blob): string {
  if (blob instanceof File && blob.name) return blob.name;
  const ext = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' }[blob.type] ?? 'bin';
  return `photo.${ext}`;
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Runs at most `size` tasks at once, the rest in the order they came: photos picked together are
 * decoded and sent two at a time, so a phone neither holds ten decoded 12-megapixel images nor splits
 * its signal ten ways.
 */
export function createLimiter(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= size) return;
    const start = waiting.shift();
    if (start) {
      running++;
      start();
    }
  };
  return function limit<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
  };
}

/** The page's photo work: two at a time, whichever form they were picked in. */
export const photoQueue = createLimiter(2);
