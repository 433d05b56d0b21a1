import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { customAlphabet } from 'nanoid';
import type { TPhoto, TUpload } from '../../../common/contracts/uploads.ts';
import { UPLOAD_ID_PATTERN, UPLOAD_LIMITS, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { comments, messages, posts, uploadUses, uploads } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { mentionNamesIn, renderMarkdown, uploadIdsIn } from '../../lib/markdown.ts';
import { mentionedMembers } from '../posts/index.ts';
import { processImage } from './processing.ts';
import { createUploadQueue, UploadAbandoned, type UploadPlace } from './queue.ts';
import { storageFor, type UploadStorage } from './storage.ts';

// Members' photos (issue 17; docs/API.md "Uploads"): stored once processed, shown by posts, comments
// and chat messages, which record where each appears (recordUses); removed everywhere by an admin,
// with the member's account, or by the hourly sweep when nothing used them within a day.

type Row = typeof uploads.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type UploadTarget = { type: 'post' | 'comment' | 'message'; id: number };

/** 20 characters of [0-9a-z] (UPLOAD_ID_PATTERN): 103 bits, so a photo's address cannot be guessed. */
const newUploadId = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 20);

const HOUR = 60 * 60 * 1000;
/** Uploads the sweep deletes per transaction (then the next batch, until none is left). */
const SWEEP_BATCH = 100;
/** How long the serving route may trust that an upload exists (a removal here forgets it at once). */
const KNOWN_TTL_MS = 60_000;
const KNOWN_MAX = 5_000;

/** The stored files of an upload, as named in UPLOAD_FILE_PATTERN. */
export const filesOf = (row: Pick<Row, 'widths'>) => ['full.webp', 'full.jpg', ...row.widths.map((w) => `w${w}.webp`)];
export const keyOf = (id: string, file: string) => `uploads/${id}/${file}`;
const keysOf = (row: Pick<Row, 'id' | 'widths'>) => filesOf(row).map((f) => keyOf(row.id, f));

export function createUploadService(
  { db, config, clock, log, jobs }: Pick<Core, 'db' | 'config' | 'clock' | 'log'> & Partial<Pick<Core, 'jobs'>>,
  opts: { storage?: UploadStorage } = {},
) {
  const storage = opts.storage ?? storageFor(config);
  const url = (id: string, file: string) => storage.publicUrl(keyOf(id, file));
  // Photos processed at once, and waiting (issue 29): one queue per process, whoever calls create.
  const queue = createUploadQueue({ parallel: config.uploadConcurrency, waiting: config.uploadQueue });
  /** Uploads known to exist (not removed), for the serving route: id → when it was looked up. */
  const known = new Map<string, number>();

  function photoOf(row: Pick<Row, 'id' | 'width' | 'height' | 'widths'>): TPhoto {
    const srcset = [...row.widths.map((w) => `${url(row.id, `w${w}.webp`)} ${w}w`), `${url(row.id, 'full.webp')} ${row.width}w`];
    return { id: row.id, src: url(row.id, 'full.jpg'), srcset: srcset.join(', '), width: row.width, height: row.height };
  }

  /**
   * The existing, not removed uploads among `ids`, as shown: one query (none for no ids). With `owner`,
   * only that member's (issue 28: a post, comment or message shows its own author's photos alone; a
   * null owner, an author whose account is gone, has none).
   */
  async function photosWith(ex: Executor, ids: readonly string[], owner?: number | null): Promise<Map<string, TPhoto>> {
    const wanted = [...new Set(ids)].filter((id) => UPLOAD_ID_PATTERN.test(id));
    if (!wanted.length || owner === null) return new Map();
    const rows = await ex
      .select({ id: uploads.id, width: uploads.width, height: uploads.height, widths: uploads.widths })
      .from(uploads)
      .where(and(inArray(uploads.id, wanted), isNull(uploads.removedAt), owner === undefined ? undefined : eq(uploads.userId, owner)));
    return new Map(rows.map((r) => [r.id, photoOf(r)]));
  }

  /** Bytes of the member's stored photos (removed ones no longer count). */
  async function bytesOf(userId: number): Promise<number> {
    const [r] = await db
      .select({ n: sql<number>`coalesce(sum(${uploads.bytes}), 0)::bigint` })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), isNull(uploads.removedAt)));
    return Number(r?.n ?? 0);
  }

  /**
   * The posts' and comments' HTML made again from their markdown, with the photos that still exist
   * and are their author's: a removed or deleted upload's image becomes a link (renderMarkdown), as
   * does another member's. Messages carry their photo by upload_id, which the caller has cleared.
   * Returns how many were rendered.
   */
  async function rerender(tx: Executor, targets: UploadTarget[]): Promise<number> {
    let n = 0;
    for (const [type, table] of [
      ['post', posts],
      ['comment', comments],
    ] as const) {
      const ids = [...new Set(targets.filter((t) => t.type === type).map((t) => t.id))];
      if (!ids.length) continue;
      const rows = await tx.select({ id: table.id, content: table.content, authorId: table.authorId }).from(table).where(inArray(table.id, ids));
      for (const r of rows) {
        // Its mentions stay links (issue 18): the same lookup as on write.
        const photos = await photosWith(tx, uploadIdsIn(r.content), r.authorId);
        const html = renderMarkdown(r.content, photos, await mentionedMembers(tx, mentionNamesIn(r.content)));
        await tx.update(table).set({ contentHtml: html }).where(eq(table.id, r.id));
        n++;
      }
    }
    return n;
  }

  /** Where these uploads appear (upload_uses). */
  async function usesOf(tx: Executor, ids: string[]): Promise<UploadTarget[]> {
    if (!ids.length) return [];
    const rows = await tx.select({ type: uploadUses.targetType, id: uploadUses.targetId }).from(uploadUses).where(inArray(uploadUses.uploadId, ids));
    return rows;
  }

  /** Files of uploads whose rows are gone or marked removed: a failure is logged, never a rollback. */
  async function deleteFiles(rows: Array<Pick<Row, 'id' | 'widths'>>) {
    for (const r of rows) known.delete(r.id);
    const keys = rows.flatMap(keysOf);
    if (!keys.length) return;
    await storage.delete(keys).catch((err: unknown) => log.error({ err, uploads: rows.map((r) => r.id) }, 'upload files not deleted'));
  }

  /**
   * Deletes up to `limit` uploads matching `where` (rows locked, others' locked rows skipped, so
   * several processes never take the same ones), re-renders where they appeared, then their files.
   */
  async function deleteWhere(where: ReturnType<typeof and>, limit: number): Promise<number> {
    const gone = await db.transaction(async (tx) => {
      const picked = await tx
        .select({ id: uploads.id, widths: uploads.widths })
        .from(uploads)
        .where(where)
        .orderBy(asc(uploads.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!picked.length) return [];
      const ids = picked.map((r) => r.id);
      const places = await usesOf(tx, ids);
      // upload_uses go with the rows (cascade), and messages' upload_id is set null.
      await tx.delete(uploads).where(inArray(uploads.id, ids));
      await rerender(tx, places);
      return picked;
    });
    await deleteFiles(gone);
    return gone.length;
  }

  const service = {
    storage,
    queue,
    photoOf,

    /** The existing, not removed uploads among `ids`, whoever's (what stored messages and reports show). */
    photos: (ids: readonly string[]) => photosWith(db, ids),

    /**
     * The existing, not removed uploads among `ids` that are `owner`'s: the photos a post or comment by
     * `owner` may show (markdown rendering), read through `ex` (a transaction) when given. Issue 28:
     * another member's upload written into a body shows as a photo that does not exist would.
     */
    ownPhotos: (owner: number | null, ids: readonly string[], ex: Executor = db) => photosWith(ex, ids, owner),

    /**
     * A member's new photo (its bytes, or the file they were received into): checked against their
     * total, processed in its turn (queue.ts; processing.ts: 415, 400), every file stored, then its
     * row. `place` is the upload's place in the queue (the route takes it before the file is read);
     * without one, one is taken here (429 when none is free). Once `signal` aborts (the client went
     * away), nothing more is done and what was stored goes again (UploadAbandoned): nothing is kept
     * that its member was not told of. Files written before a failure are deleted again.
     */
    async create(user: { id: number }, source: Buffer | string, opts: { place?: UploadPlace; signal?: AbortSignal } = {}): Promise<TUpload> {
      const place = opts.place ?? queue.admit();
      if (!place) throw queue.busy();
      const abandoned = () => opts.signal?.aborted === true;
      try {
        const quotaFull = () => new HttpError(413, UPLOAD_MSG.quotaFull);
        const used = await bytesOf(user.id);
        // A full store is refused before the work; otherwise the check is on what would be kept.
        if (used >= UPLOAD_LIMITS.totalBytesPerMember) throw quotaFull();
        const image = await place.process(() => processImage(source), opts.signal);
        if (abandoned()) throw new UploadAbandoned();
        const size = image.files.reduce((n, f) => n + f.body.length, 0);
        if (used + size > UPLOAD_LIMITS.totalBytesPerMember) throw quotaFull();
        const id = newUploadId();
        const keys = image.files.map((f) => keyOf(id, f.name));
        try {
          for (const f of image.files) {
            if (abandoned()) throw new UploadAbandoned();
            await storage.put(keyOf(id, f.name), f.body, f.contentType);
          }
          await db.insert(uploads).values({
            id,
            userId: user.id,
            sourceType: image.sourceType,
            width: image.width,
            height: image.height,
            bytes: size,
            widths: image.widths,
            createdAt: clock.now(),
          });
          if (abandoned()) throw new UploadAbandoned();
        } catch (err) {
          // The row too: the client may have gone just after it was written.
          await db
            .delete(uploads)
            .where(eq(uploads.id, id))
            .catch((e: unknown) => log.error({ err: e, upload: id }, 'upload row not cleaned up'));
          await storage.delete(keys).catch((e: unknown) => log.error({ err: e, upload: id }, 'upload files not cleaned up'));
          throw err;
        }
        return { id, url: url(id, 'full.webp'), width: image.width, height: image.height };
      } finally {
        if (!opts.place) place.release();
      }
    },

    /** An upload whose answer never reached its client (the connection closed first): row and files go. */
    async discard(id: string): Promise<void> {
      await deleteWhere(eq(uploads.id, id), 1);
    },

    /**
     * Where photos appear, in the writer's transaction: `target`'s rows in upload_uses become exactly
     * `uploadIds` (those that exist, are not removed and are `owner`'s: the content's author, not an
     * admin editing it), and each is marked used (kept past the 24 h sweep). Posts, comments and chat
     * call it whenever they write their content. Another member's upload is never marked used here,
     * so naming it cannot keep it from the sweep (issue 28).
     */
    async recordUses(tx: Executor, target: UploadTarget, uploadIds: readonly string[], owner: number | null): Promise<void> {
      await tx.delete(uploadUses).where(and(eq(uploadUses.targetType, target.type), eq(uploadUses.targetId, target.id)));
      const wanted = [...new Set(uploadIds)].filter((id) => UPLOAD_ID_PATTERN.test(id));
      if (!wanted.length || owner === null) return;
      const found = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(inArray(uploads.id, wanted), isNull(uploads.removedAt), eq(uploads.userId, owner)));
      if (!found.length) return;
      const ids = found.map((r) => r.id);
      await tx
        .insert(uploadUses)
        .values(ids.map((uploadId) => ({ uploadId, targetType: target.type, targetId: target.id })))
        .onConflictDoNothing();
      await tx
        .update(uploads)
        .set({ usedAt: clock.now() })
        .where(and(inArray(uploads.id, ids), isNull(uploads.usedAt)));
    },

    /**
     * An admin removes a photo everywhere: the row is kept, marked removed (so content showing it
     * renders without it), messages drop it, posts' and comments' HTML is made again, the files go,
     * and the audit log says who. 404 for no such upload; one already removed answers
     * `{removed: false, places: 0}` and changes nothing.
     */
    async removeEverywhere(id: string, adminId: number): Promise<{ removed: boolean; places: number }> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
        if (!row) throw notFound(UPLOAD_MSG.notFound);
        if (row.removedAt) return null;
        const now = clock.now();
        await tx.update(uploads).set({ removedAt: now, removedBy: adminId }).where(eq(uploads.id, id));
        const inMessages = await tx.update(messages).set({ uploadId: null }).where(eq(messages.uploadId, id)).returning({ id: messages.id });
        const places = await usesOf(tx, [id]);
        await tx.delete(uploadUses).where(eq(uploadUses.uploadId, id));
        const rendered = await rerender(tx, places);
        const total = rendered + new Set([...inMessages.map((m) => m.id), ...places.filter((p) => p.type === 'message').map((p) => p.id)]).size;
        await recordAudit(tx, {
          actorId: adminId,
          action: 'upload.remove',
          targetType: 'upload',
          targetId: id,
          details: { ownerId: row.userId, places: total },
        });
        return { row, places: total };
      });
      if (!outcome) return { removed: false, places: 0 };
      await deleteFiles([outcome.row]);
      return { removed: true, places: outcome.places };
    },

    /** Every photo of a member, files and rows (account deletion, after its own transaction). */
    async removeForUser(userId: number): Promise<number> {
      let total = 0;
      for (let n = -1; n !== 0; total += n) n = await deleteWhere(eq(uploads.userId, userId), SWEEP_BATCH);
      return total;
    },

    /** A member's photos for their data export, oldest first: full-size address (absolute), size, date. */
    async listForUser(userId: number): Promise<Array<{ id: string; url: string; width: number; height: number; createdAt: string }>> {
      const rows = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), isNull(uploads.removedAt)))
        .orderBy(asc(uploads.createdAt), asc(uploads.id));
      const absolute = (u: string) => (u.startsWith('/') ? `${config.appUrl}${u}` : u);
      return rows.map((r) => ({ id: r.id, url: absolute(url(r.id, 'full.webp')), width: r.width, height: r.height, createdAt: r.createdAt.toISOString() }));
    },

    /**
     * The hourly sweep: uploads nothing used within UPLOAD_LIMITS.unusedTtlMs of being made, and
     * those left without an owner, in batches. Returns how many went.
     */
    async sweepUnused(now: Date = clock.now()): Promise<number> {
      const cutoff = new Date(now.getTime() - UPLOAD_LIMITS.unusedTtlMs);
      const stale = or(and(isNull(uploads.usedAt), isNull(uploads.removedAt), lt(uploads.createdAt, cutoff)), isNull(uploads.userId));
      let total = 0;
      for (let n = -1; n !== 0; total += n) n = await deleteWhere(and(stale), SWEEP_BATCH);
      return total;
    },

    /** Whether the serving route may send this upload's files: it exists and is not removed. */
    async isServable(id: string): Promise<boolean> {
      const seen = known.get(id);
      if (seen !== undefined && clock.now().getTime() - seen < KNOWN_TTL_MS) return true;
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, id), isNull(uploads.removedAt)));
      if (!row) return false;
      if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
      known.set(id, clock.now().getTime());
      return true;
    },
  };

  // The app's runner sweeps hourly, in one process each hour (the hour's run comes at start-up when none
  // ran yet); the sweep's own row locks skip rows another sweep holds, so a repeated run takes nothing
  // twice. An instance without the runner (a script, a test) sweeps only when asked.
  jobs?.every('uploads.sweep', { everyMs: HOUR }, async () => {
    const removed = await service.sweepUnused();
    if (removed > 0) log.info({ removed }, 'unused uploads removed');
  });
  return service;
}

export type UploadService = ReturnType<typeof createUploadService>;
