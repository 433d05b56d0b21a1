// Real images for the photo tests (uploads/*.test.ts), made with sharp, and the multipart request a browser sends.
import sharp from 'sharp';
import type { TestApp } from './app.ts';
import { freshIp } from './auth.ts';

/**
 * A camera's JPEG: 3000×2000 stored sideways (EXIF Orientation 6: shown 2000×3000), with a maker,
 * a GPS position (the home address a driver's photo must never reveal) and an ICC profile.
 */
export async function cameraJpeg(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b03030' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'KerbCam', Model: 'Van 1', Software: 'TestRig' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2616/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3960/100' },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .toBuffer();
}

/** The EXIF GPSInfo pointer (tag 0x8825, type LONG) in either byte order: the IFD that holds a position. */
export function hasGpsIfd(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || bytes.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));
}

export const png = (width = 400, height = 300, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 0, b: 255, alpha: 0.5 } : '#2060c0' } })
    .png()
    .toBuffer();

/** A two-frame GIF, 64×48: red, then blue. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).raw().toBuffer();
  const frames = Buffer.concat([await frame('#ff0000'), await frame('#0000ff')]);
  // One 64×96 image cut into pages 48 rows high: an animation of two frames.
  return sharp(frames, { raw: { width: 64, height: 96, channels: 3, pageHeight: 48 } }).gif({ delay: [100, 100] }).toBuffer();
}

/** A multipart/form-data body as a browser's FormData makes it: one part per entry. */
export function formData(parts: Array<{ name: string; filename?: string; type?: string; body: Buffer | string }>) {
  const boundary = `----kerbside${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/uploads with one file, as the site's own pages send it. */
export function upload(t: TestApp, cookie: string | undefined, file: { body: Buffer | string; filename?: string; type?: string }) {
  const { payload, contentType } = formData([{ name: 'file', filename: file.filename ?? 'photo.jpg', type: file.type ?? 'image/jpeg', body: file.body }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: {
      'content-type': contentType,
      origin: t.app.deps.config.appUrl,
      'x-forwarded-for': freshIp(),
      ...(cookie ? { cookie } : {}),
    },
  });
}
