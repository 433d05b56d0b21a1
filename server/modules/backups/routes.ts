import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { downloadBackup, getBackupStatus, startBackup } from '../../../common/contracts/backups.ts';
import { BACKUP_MSG } from '../../../common/rules/backups.ts';
import { notFound } from '../../http-errors.ts';
import { requireAdmin } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { BackupService } from './service.ts';

/** The admin dashboard's backups card (docs/API.md "Admin: backups"): admins only. */
export const backupRoutes: FastifyPluginAsync<{ backups: BackupService }> = async (app, { backups }) => {
  const admin = { preValidation: requireAdmin };
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  // The timer stops and a backup under way finishes before the database closes.
  app.addHook('onClose', () => backups.close());

  route(app, getBackupStatus, admin, async () => backups.status());

  route(app, startBackup, admin, async (req, reply) => reply.code(202).send(await backups.start(req.user!.id)));

  route(app, downloadBackup, admin, async (req, reply) => {
    // Only a name the listing gives back: whatever else the parameter holds never reaches the file system.
    const file = backups.file(req.params.name);
    if (!file) throw notFound(BACKUP_MSG.notFound);
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${req.params.name}"`)
      .send(fs.createReadStream(file));
  });
};
