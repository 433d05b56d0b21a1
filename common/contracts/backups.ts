import { z } from 'zod';
import { endpoint } from './endpoint.ts';

// Backups of the database from the admin dashboard (issue 14; docs/API.md "Admin: backups"). The
// server also takes one every day by itself; these are for admins only (401 guests, 403 members).

export const ZBackupStatus = z.object({
  /** The newest backup in $DATA_DIR/backups: its file name only, never a path. */
  last: z.object({ at: z.string(), bytes: z.number(), name: z.string() }).nullable(),
  /** This process is writing one now. */
  running: z.boolean(),
  /** Why this process's last backup failed; null once one succeeds. */
  lastError: z.string().nullable(),
  /** BACKUP_KEEP: how many backups are kept. */
  keep: z.number(),
});
export type TBackupStatus = z.infer<typeof ZBackupStatus>;

export const ZBackupNameParams = z.object({ name: z.string().min(1).max(100) });

export const getBackupStatus = endpoint({
  method: 'GET',
  path: '/api/admin/backups',
  responses: { 200: ZBackupStatus },
  errors: [400, 401, 403],
});

/** Starts a backup and answers at once (202, running); 409 while one is running. Audited as backup.create. */
export const startBackup = endpoint({
  method: 'POST',
  path: '/api/admin/backups',
  responses: { 202: ZBackupStatus },
  errors: [400, 401, 403, 409],
});

/**
 * One of the listed backups as a file to save (an attachment named by Content-Disposition); 404 for
 * any name that is not one of them.
 */
export const downloadBackup = endpoint({
  method: 'GET',
  path: '/api/admin/backups/:name',
  params: ZBackupNameParams,
  responses: { 200: null },
  errors: [400, 401, 403, 404],
});
