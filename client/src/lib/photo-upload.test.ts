import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '@common/rules/uploads';
import { FakeXhr } from '@/test/fake-xhr';
import { createLimiter, downscale, UploadError, uploadPhoto } from './photo-upload';

// The browser's image and network APIs are replaced at the boundary: createImageBitmap and
// OffscreenCanvas (jsdom has no canvas) and XMLHttpRequest.

/** A File of `size` bytes (the content does not matter to the fakes). */
const fileOf = (size: number, type: string, name = 'photo') => new File([new Uint8Array(size)], name, { type });

type Drawn = { width: number; height: number; draws: unknown[][]; encoded?: { type?: string; quality?: number } };

/** createImageBitmap decoding to `width`x`height` (or failing), and an OffscreenCanvas whose JPEG is `outBytes`. */
function fakeImageApis(width: number, height: number, outBytes: number, { decodes = true } = {}) {
  const canvases: Drawn[] = [];
  const closed = vi.fn();
  const decode = vi.fn(async () => {
    if (!decodes) throw new DOMException('cannot decode', 'InvalidStateError');
    return { width, height, close: closed } as unknown as ImageBitmap;
  });
  class FakeCanvas {
    drawn: Drawn;
    constructor(w: number, h: number) {
      this.drawn = { width: w, height: h, draws: [] };
      canvases.push(this.drawn);
    }
    getContext() {
      const drawn = this.drawn;
      return {
        fillRect: () => undefined,
        drawImage: (...args: unknown[]) => drawn.draws.push(args),
        set fillStyle(_v: string) {},
        set imageSmoothingEnabled(_v: boolean) {},
        set imageSmoothingQuality(_v: string) {},
      };
    }
    async convertToBlob(opts: { type?: string; quality?: number }) {
      this.drawn.encoded = opts;
      return new Blob([new Uint8Array(outBytes)], { type: opts.type });
    }
  }
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  return { canvases, decode, closed };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('downscale', () => {
  it('a 5 MB 4000x3000 phone photo leaves as a JPEG at most 2048 px, upright, at the set quality', async () => {
    const { canvases, decode, closed } = fakeImageApis(4000, 3000, 420_000);
    const out = await downscale(fileOf(5_000_000, 'image/jpeg'));
    expect(decode).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' });
    expect(canvases).toHaveLength(1);
    expect(canvases[0]).toMatchObject({ width: UPLOAD_LIMITS.clientMaxSide, height: 1536, encoded: { type: 'image/jpeg', quality: UPLOAD_LIMITS.clientQuality } });
    expect(canvases[0]!.draws[0]!.slice(1)).toEqual([0, 0, 2048, 1536]);
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(420_000);
    expect(closed).toHaveBeenCalled();
  });

  it('a portrait photo keeps its longest side at the limit', async () => {
    const { canvases } = fakeImageApis(3000, 4000, 300_000);
    await downscale(fileOf(3_000_000, 'image/webp'));
    expect(canvases[0]).toMatchObject({ width: 1536, height: 2048 });
  });

  it('a GIF, a small photo, and one the browser cannot decode go up as they are', async () => {
    const gif = fileOf(2_000_000, 'image/gif');
    const { decode } = fakeImageApis(800, 600, 10);
    expect(await downscale(gif)).toBe(gif);
    expect(decode).not.toHaveBeenCalled();

    const small = fileOf(200_000, 'image/png');
    expect(await downscale(small)).toBe(small);

    fakeImageApis(0, 0, 0, { decodes: false });
    const heic = fileOf(3_000_000, 'image/heic');
    expect(await downscale(heic)).toBe(heic);
  });

  it('keeps the original when re-encoding a photo that needs no resizing would make it larger', async () => {
    fakeImageApis(1200, 900, 900_000);
    const png = fileOf(600_000, 'image/png');
    expect(await downscale(png)).toBe(png);
  });

  it('without createImageBitmap (an old browser) the file goes as it is', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const file = fileOf(5_000_000, 'image/jpeg');
    expect(await downscale(file)).toBe(file);
  });
});

describe('uploadPhoto', () => {
  const stored = { id: 'abcdefghij0123456789', url: '/uploads/abcdefghij0123456789/full.webp', width: 2048, height: 1536 };

  it('POSTs the photo as multipart field `file`, with cookies, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const photo = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
    const pending = uploadPhoto(photo, { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toEqual({ Accept: 'application/json' });
    const sent = (xhr.body as FormData).get('file') as File;
    expect(sent.size).toBe(1000);
    expect(sent.name).toBe('photo.jpg');
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.respond(201, stored);
    expect(await pending).toEqual(stored);
    expect(progress).toEqual([0.25, 1]);
  });

  it("a refusal rejects with the server's message; no answer with the network message", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const photo = new Blob([new Uint8Array(10)], { type: 'image/png' });

    const refused = uploadPhoto(photo);
    FakeXhr.last!.respond(415, { message: UPLOAD_MSG.unsupportedType });
    await expect(refused).rejects.toEqual(new UploadError(415, UPLOAD_MSG.unsupportedType));

    const proxied = uploadPhoto(photo);
    FakeXhr.last!.respond(413, '<html>Request Entity Too Large</html>');
    await expect(proxied).rejects.toMatchObject({ status: 413, message: UPLOAD_MSG.tooLarge(10) });

    const offline = uploadPhoto(photo);
    FakeXhr.last!.fail();
    await expect(offline).rejects.toMatchObject({ status: 0, message: UPLOAD_MSG.networkFailed });
  });

  it('an abort stops the request and rejects with an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const abort = new AbortController();
    const pending = uploadPhoto(new Blob(['x']), { signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('createLimiter', () => {
  it('runs at most `size` tasks at once, the rest in order as places free up', async () => {
    const limit = createLimiter(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const tasks = [1, 2, 3, 4].map((n) =>
      limit(() => {
        started.push(n);
        return new Promise<number>((resolve) => finish.push(() => resolve(n)));
      }),
    );
    expect(started).toEqual([1, 2]);
    finish[0]!();
    await tasks[0];
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3]);
    finish[1]!();
    finish[2]!();
    await Promise.all(tasks.slice(1, 3));
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3, 4]);
    finish[3]!();
    expect(await Promise.all(tasks)).toEqual([1, 2, 3, 4]);
  });
});
