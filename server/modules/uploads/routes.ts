import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createUpload, removeUpload } from '../../../common/contracts/uploads.ts';
import { UPLOAD_FILE_PATTERN, UPLOAD_ID_PATTERN, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import type { Config } from '../../config.ts';
import { badRequest, HttpError, notFound } from '../../http-errors.ts';
import { requireModerator, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import { UploadAbandoned, type UploadPlace } from './queue.ts';
import { keyOf, type UploadService } from './service.ts';
import { IMMUTABLE } from './storage.ts';

/** Room for the multipart envelope (boundaries, part headers, a field or two) beside the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** A received file older than this belongs to no request any more (a process that was killed). */
const STALE_INCOMING_MS = 60 * 60 * 1000;
/**
 * How long a refused upload's connection stays open, unread, after its answer: time for it to cross a
 * slow link and for a busy client to read it (2 s was too short for fetch on a loaded machine).
 */
const REFUSED_LINGER_MS = 10_000;
/**
 * A file of which nothing arrives for this long has stopped (a phone that lost its signal without the
 * connection closing): 408, and its place in the queue goes to someone else. The server has no other
 * limit on how long a request may take (Fastify's requestTimeout is 0).
 */
const STALL_MS = 20_000;

/**
 * Photos (docs/API.md "Uploads"): a verified member's upload (multipart/form-data, field `file`), the
 * files as browsers fetch them (`/uploads/<id>/<file>`, outside /api: when the bucket has no public
 * address, and always for files on this machine's disk), and an admin's or moderator's removal everywhere.
 * Encapsulated: the multipart parser exists for this plugin's routes only; every other route still
 * answers a multipart body with 415.
 */
export const uploadRoutes: FastifyPluginAsync<{ config: Config; uploads: UploadService }> = async (app, { config, uploads }) => {
  const maxMb = Math.round((config.uploadMaxBytes / 1024 / 1024) * 10) / 10;
  await app.register(multipart, {
    // One file, a few small fields at most (a client may send its name): nothing else is read.
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });
  // Files are received to disk, never held whole in memory, and read from there by libvips.
  const incoming = path.join(config.dataDir, 'incoming');
  await fs.promises.mkdir(incoming, { recursive: true });
  await removeStale(incoming);
  // Each upload's place in the queue and the signal that its client went away, from before its file is read.
  const places = new WeakMap<FastifyRequest, { place: UploadPlace; signal: AbortSignal }>();

  /**
   * A place in the queue (queue.ts), or 429 with Retry-After at once, before the file is read: the
   * answer closes the connection (closeUnread), since keeping it would mean reading (and throwing
   * away) the whole file first. The place is given back when the answer is sent or the client goes away.
   */
  async function takePlace(req: FastifyRequest, reply: FastifyReply) {
    const place = uploads.queue.admit();
    if (!place) {
      reply.header('Connection', 'close');
      closeUnread(req.raw.socket);
      throw uploads.queue.busy();
    }
    const gone = new AbortController();
    places.set(req, { place, signal: gone.signal });
    let answered = false;
    reply.raw.once('finish', () => (answered = true));
    reply.raw.once('close', () => {
      // Closed before the answer was written: the client went away (or timed out) and was told nothing.
      if (!answered) gone.abort();
      place.release();
    });
  }

  route(
    app,
    createUpload,
    // As every write: a guest hears 401 before anything is read; then a place in the queue (429 when
    // all are taken), then MEMBER_LIMITS.upload (429).
    { preValidation: [requireVerified, takePlace], preHandler: memberLimit(app, 'upload'), bodyLimit: config.uploadMaxBytes + ENVELOPE_BYTES },
    async (req, reply) => {
      const { place, signal } = places.get(req)!;
      const file = path.join(incoming, `${randomBytes(12).toString('hex')}.part`);
      try {
        await receiveFile(req, reply, file, maxMb, signal);
        const created = await uploads.create(req.user!, file, { place, signal });
        // Nothing is kept that its member was not told of: if the connection closes before the answer
        // is written, the photo goes again.
        const discard = () => void uploads.discard(created.id).catch((err: unknown) => req.log.error({ err, upload: created.id }, 'unanswered upload not removed'));
        if (signal.aborted) {
          discard();
          return reply.hijack();
        }
        signal.addEventListener('abort', discard, { once: true });
        return reply.code(201).send(created);
      } catch (err) {
        // No one is listening for an answer; what was stored has gone already.
        if (signal.aborted || err instanceof UploadAbandoned) return reply.hijack();
        throw err;
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
  );
  // Photos still being processed for clients that went away hold the database until they end.
  app.addHook('onClose', async () => uploads.queue.idle());

  // Removing a reported photo is content moderation: moderators too (issue 18).
  route(app, removeUpload, { preValidation: requireModerator }, async (req) => uploads.removeEverywhere(req.params.id, req.user!.id));

  app.get<{ Params: { id: string; file: string } }>('/uploads/:id/:file', async (req, reply) => {
    const { id, file } = req.params;
    if (!UPLOAD_ID_PATTERN.test(id) || !UPLOAD_FILE_PATTERN.test(file) || !(await uploads.isServable(id))) throw notFound(UPLOAD_MSG.notFound);
    const stored = await uploads.storage.get(keyOf(id, file));
    if (!stored) throw notFound(UPLOAD_MSG.notFound);
    return (
      reply
        // By the name, which the pattern limits to .webp and .jpg: never what the storage says.
        .header('Content-Type', file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
        .header('Content-Length', String(stored.length))
        // A file never changes once written (a new photo is a new id).
        .header('Cache-Control', IMMUTABLE)
        // Never anything a browser would run or sniff into something else, even opened on its own.
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cross-Origin-Resource-Policy', 'same-site')
        .send(stored.body)
    );
  });
};

/**
 * The `file` part written to `file` as it arrives: 400 without one, 413 over UPLOAD_MAX_MB (or with
 * more parts than allowed), 408 when it stops arriving for STALL_MS. Ends when `gone` aborts.
 */
async function receiveFile(req: FastifyRequest, reply: FastifyReply, file: string, maxMb: number, gone: AbortSignal): Promise<void> {
  if (!req.isMultipart()) throw badRequest(UPLOAD_MSG.noFile);
  const stalled = watchForStall(req.raw.socket);
  const signal = AbortSignal.any([gone, stalled.signal]);
  try {
    // The first part may never come (a client that stopped): the signal ends the wait.
    const part = await Promise.race([req.file(), new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
    if (!part || part.fieldname !== 'file') throw badRequest(UPLOAD_MSG.noFile);
    await pipeline(part.file, fs.createWriteStream(file), { signal });
    if (part.file.truncated) throw new HttpError(413, UPLOAD_MSG.tooLarge(maxMb));
    if (!(await fs.promises.stat(file)).size) throw badRequest(UPLOAD_MSG.noFile);
  } catch (err) {
    if (gone.aborted) throw err;
    if (stalled.signal.aborted) {
      // The rest of the file may still come: the answer closes the connection without waiting for it.
      reply.header('Connection', 'close');
      closeUnread(req.raw.socket);
      throw new HttpError(408, UPLOAD_MSG.networkFailed);
    }
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, UPLOAD_MSG.tooLarge(maxMb));
    }
    // A broken envelope (no boundary, cut short): nothing that reads as a file.
    throw badRequest(UPLOAD_MSG.noFile);
  } finally {
    stalled.stop();
  }
}

/**
 * After a `Connection: close` answer Node ends the connection and closes it at once (destroySoon).
 * With the client's file still arriving, the kernel then answers it with a reset, and a client busy
 * sending (fetch, a browser) fails with EPIPE without ever reading the 429 (200 of 200 fetches from
 * another process, in a trial). Instead our side is ended after the answer and nothing more is read (the
 * client's sending stalls once the buffers fill, having read its answer), and the connection is closed
 * REFUSED_LINGER_MS later.
 */
function closeUnread(socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    socket.pause();
    // Node resumes reading once more as it discards the request (IncomingMessage._dump, next tick).
    setImmediate(() => socket.pause());
    setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
  };
}

/** Aborts its signal once nothing has arrived on `socket` for STALL_MS (read a few times in that span). */
function watchForStall(socket: Socket) {
  const stalled = new AbortController();
  let seen = socket.bytesRead;
  let quietSince = Date.now();
  const timer = setInterval(() => {
    if (socket.bytesRead !== seen) {
      seen = socket.bytesRead;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= STALL_MS) stalled.abort();
  }, STALL_MS / 10).unref();
  return { signal: stalled.signal, stop: () => clearInterval(timer) };
}

/** Files left in `dir` by a process that stopped mid-upload (several processes may share DATA_DIR: only old ones). */
async function removeStale(dir: string) {
  const cutoff = Date.now() - STALE_INCOMING_MS;
  for (const name of await fs.promises.readdir(dir)) {
    const at = path.join(dir, name);
    const stat = await fs.promises.stat(at).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await fs.promises.rm(at, { force: true, recursive: true });
  }
}
