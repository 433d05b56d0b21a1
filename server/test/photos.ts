// Photos for the tests of what shows them (posts, comments, chat, reports): upload rows inserted
// directly, without files or processing, since those tests only read the rows (the uploads service's
// photos()); the upload itself is tested in modules/uploads.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema/index.ts';

/** A fresh upload id: 20 characters of [0-9a-z]. */
export const uploadId = () =>
  Array.from(randomBytes(20), (b) => '0123456789abcdefghijklmnopqrstuvwxyz'[b % 36]).join('');

/** An upload of `userId`'s, 1600×1200 (so stored at 320, 640 and 1280 px too); `removed` as an admin's removal leaves it. */
export async function insertUpload(db: Db, userId: number | null, opts: { removed?: boolean } = {}): Promise<string> {
  const id = uploadId();
  await db.insert(uploads).values({
    id,
    userId,
    sourceType: 'jpeg',
    width: 1600,
    height: 1200,
    bytes: 1000,
    widths: [320, 640, 1280],
    removedAt: opts.removed ? new Date() : null,
  });
  return id;
}

/** How an upload from insertUpload is shown (TPhoto) with files on this machine's disk. */
export const shownPhoto = (id: string) => ({
  id,
  src: `/uploads/${id}/full.jpg`,
  srcset: `/uploads/${id}/w320.webp 320w, /uploads/${id}/w640.webp 640w, /uploads/${id}/w1280.webp 1280w, /uploads/${id}/full.webp 1600w`,
  width: 1600,
  height: 1200,
});

/** Markdown showing these uploads, as the editor writes it. */
export const photoMarkdown = (ids: string[], text = 'Look at this') => [text, ...ids.map((id, i) => `![Photo ${i + 1}](/uploads/${id}/full.webp)`)].join('\n\n');
