import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DiskSpace } from '../db/disk-space.ts';
import { HttpError } from '../http-errors.ts';
import { OUT_OF_SPACE_MSG } from './errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that stay open on a full disk: signing in and out, and an admin's actions, which are how an
 * operator makes room (deleting backups, photos, spam; suspending whoever fills the disk; the
 * maintenance switch), except the two that write a lot: a new backup and an announcement mailed to
 * every member.
 */
const OPEN_WHEN_FULL = [/^\/api\/auth\/login$/, /^\/api\/logout$/, /^\/api\/admin\//];
const HEAVY_ADMIN_WRITES = [/^\/api\/admin\/backups$/, /^\/api\/admin\/announcements\/[^/]+\/send$/];

export function isRefusedWhenFull(req: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (!WRITES.has(req.method) || !req.url.startsWith('/api/')) return false;
  const path = req.url.split('?', 1)[0];
  return !OPEN_WHEN_FULL.some((open) => open.test(path)) || HEAVY_ADMIN_WRITES.some((heavy) => heavy.test(path));
}

/**
 * API writes answer 507 while DATA_DIR is short of space (db/disk-space.ts), before anything reads
 * their body, their session or the database: a request refused here writes nothing, and a photo is
 * not read in only to be thrown away. The disk is read every few seconds, never by a request.
 */
export const diskSpacePlugin = fp(
  async (app: FastifyInstance, { disk }: { disk: DiskSpace }) => {
    app.addHook('onReady', async () => disk.start());
    app.addHook('onClose', async () => disk.close());
    // A callback hook, not an async one: it runs on every request, and a read passes at once.
    app.addHook('onRequest', (req, _reply, done) => {
      if (isRefusedWhenFull(req) && !disk.status().writable) return done(new HttpError(507, OUT_OF_SPACE_MSG));
      done();
    });
  },
  { name: 'disk-space' },
);
