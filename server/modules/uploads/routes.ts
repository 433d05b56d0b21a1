import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createUpload, removeUpload } from '../../../common/contracts/uploads.ts';
import { UPLOAD_FILE_PATTERN, UPLOAD_ID_PATTERN, UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import type { Config } from '../../config.ts';
import { badRequest, HttpError, notFound } from '../../http-errors.ts';
import { requireModerator, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { memberLimit } from '../../plugins/rate-limits.ts';
import { keyOf, type UploadService } from './service.ts';
import { IMMUTABLE } from './storage.ts';

/** Room for the multipart envelope (boundaries, part headers, a field or two) beside the file. */
const ENVELOPE_BYTES = 64 * 1024;

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

  route(
    app,
    createUpload,
    // As every write: a guest hears 401 before anything is read, then MEMBER_LIMITS.upload (429).
    { preValidation: requireVerified, preHandler: memberLimit(app, 'upload'), bodyLimit: config.uploadMaxBytes + ENVELOPE_BYTES },
    async (req, reply) => {
      const bytes = await readFile(req, maxMb);
      return reply.code(201).send(await uploads.create(req.user!, bytes));
    },
  );

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

/** The `file` part's bytes: 400 without one, 413 over UPLOAD_MAX_MB (or with more parts than allowed). */
async function readFile(req: FastifyRequest, maxMb: number): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(UPLOAD_MSG.noFile);
  try {
    const part = await req.file();
    if (!part || part.fieldname !== 'file') throw badRequest(UPLOAD_MSG.noFile);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new HttpError(413, UPLOAD_MSG.tooLarge(maxMb));
    if (!bytes.length) throw badRequest(UPLOAD_MSG.noFile);
    return bytes;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, UPLOAD_MSG.tooLarge(maxMb));
    }
    // A broken envelope (no boundary, cut short): nothing that reads as a file.
    throw badRequest(UPLOAD_MSG.noFile);
  }
}
