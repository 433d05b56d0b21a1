import fs from 'node:fs';
import type Sharp from 'sharp';
import type { Metadata } from 'sharp';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { HttpError } from '../../http-errors.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';

// A member's photo made safe to show (issue 17): its kind read from its bytes, never from its name or
// declared type; a decompression bomb refused before it is decoded; turned upright by its EXIF
// orientation, then every metadata block dropped (EXIF with GPS above all, ICC, XMP: sharp writes none
// unless asked, and nothing here asks); at most 2048 px on its longest side; stored as WebP with a
// JPEG fallback, and narrower WebPs for srcset.

// Loaded at the first photo, not at start-up: libvips costs ~90 ms and ~20 MB resident that a process
// serving no upload never needs (issue 15's restart and idle-memory targets; lib/lazy-require.ts).
const loadSharp = lazyRequire<typeof Sharp>('sharp');
let configured = false;
function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  const lib = loadSharp();
  if (!configured) {
    configured = true;
    // libvips keeps decoded images in an operation cache for reuse: members' photos are never
    // processed twice, so the cache would only hold memory.
    lib.cache(false);
    // One libvips thread per image (the default is one per core): with at most UPLOAD_CONCURRENCY
    // images at once (queue.ts), photos use at most that many of libuv's threads, and the rest of
    // libuv's pool (file system, DNS, crypto) and the event loop's own core stay free for everyone
    // else's requests.
    lib.concurrency(1);
  }
  return lib(...args);
}

export type SourceType = 'jpeg' | 'png' | 'webp' | 'gif';
export type StoredFile = { name: string; body: Buffer; contentType: 'image/webp' | 'image/jpeg' };
export type ProcessedImage = { sourceType: SourceType; width: number; height: number; widths: number[]; files: StoredFile[] };

const QUALITY = 80;

/** The kind of image by its first bytes, or null for anything else (SVG, HTML, PDF, HEIC…). */
export function sniffImageType(bytes: Buffer): SourceType | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

const unreadable = () => new HttpError(400, UPLOAD_MSG.unreadable);
const tooManyPixels = () => new HttpError(400, UPLOAD_MSG.tooManyPixels);
/** sharp's own refusal of an image over limitInputPixels (libvips: "Input image exceeds pixel limit"). */
const isPixelLimitError = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** The first bytes of a photo, enough for sniffImageType: a file's are read from disk, not all of it. */
async function headOf(source: Buffer | string): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source;
  const file = await fs.promises.open(source, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The stored files of one photo, from its bytes or the file they were written to (libvips reads a
 * file itself, so the upload is never held whole in memory): `full.webp`, `full.jpg`, and
 * `w320.webp`, `w640.webp`, `w1280.webp` for each of those widths narrower than the full size.
 * Throws 415 for what is not a JPEG, PNG, WebP or GIF, 400 for a bomb (over UPLOAD_LIMITS.maxPixels)
 * or a file that does not decode. How many run at once is the caller's (queue.ts).
 */
export async function processImage(source: Buffer | string): Promise<ProcessedImage> {
  const sourceType = sniffImageType(await headOf(source));
  if (!sourceType) throw new HttpError(415, UPLOAD_MSG.unsupportedType);
  return convert(source, sourceType);
}

async function convert(source: Buffer | string, sourceType: SourceType): Promise<ProcessedImage> {
  // failOn 'error': a photo cut short by a flaky upload still shows what arrived ('warning', the
  // default, refuses many phones' own JPEGs); pages 1: an animated GIF or WebP is its first frame.
  const input = sharp(source, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error', pages: 1 });
  let meta: Metadata;
  try {
    meta = await input.metadata();
  } catch (err) {
    throw isPixelLimitError(err) ? tooManyPixels() : unreadable();
  }
  // The header's size, read before decoding a single pixel (for an animation: one frame's).
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw unreadable();
  if (meta.width * frameHeight > UPLOAD_LIMITS.maxPixels) throw tooManyPixels();

  try {
    // Decoded once: upright (EXIF orientation applied) and at most maxSide, as raw pixels that every
    // stored file is then encoded from.
    const { data, info } = await input
      .rotate()
      .resize({ width: UPLOAD_LIMITS.maxSide, height: UPLOAD_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true })
      // A CMYK or greyscale photo as the sRGB a browser shows (raw pixels carry no colour space).
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const widths = UPLOAD_LIMITS.widths.filter((w) => w < info.width);
    // One after another: an image holds one of libuv's threads at a time, never the whole pool.
    const full = await pixels().webp({ quality: QUALITY }).toBuffer();
    // A transparent PNG or GIF on white, as a page shows it.
    const jpg = await pixels().flatten({ background: '#ffffff' }).jpeg({ quality: QUALITY, mozjpeg: true }).toBuffer();
    const narrower: Buffer[] = [];
    for (const w of widths) narrower.push(await pixels().resize({ width: w }).webp({ quality: QUALITY }).toBuffer());
    return {
      sourceType,
      width: info.width,
      height: info.height,
      widths: [...widths],
      files: [
        { name: 'full.webp', body: full, contentType: 'image/webp' },
        { name: 'full.jpg', body: jpg, contentType: 'image/jpeg' },
        ...widths.map((w, i) => ({ name: `w${w}.webp`, body: narrower[i], contentType: 'image/webp' as const })),
      ],
    };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw isPixelLimitError(err) ? tooManyPixels() : unreadable();
  }
}
