import { z } from 'zod';
import { endpoint } from './endpoint.ts';

// Backups of the database from the admin dashboard (issue 14; docs/API.md "Admin: backups"). The
// server also takes one every day by itself; these are for admins only (401 guests, 403 members).

/**
 * The photos a backup holds (issue 29): the files of $DATA_DIR/uploads copied in (`files`); with an
 * S3 bucket, only the bucket's listing (`s3`: the bucket keeps the files); `none` in a backup made
 * before photos were included (the database only). `photos` counts uploads, `files` their files.
 */
export const ZBackupPhotos = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('files'), photos: z.number(), files: z.number(), bytes: z.number() }),
  z.object({ kind: z.literal('s3'), bucket: z.string(), photos: z.number(), files: z.number(), bytes: z.number() }),
  z.object({ kind: z.literal('none') }),
]);
export type TBackupPhotos = z.infer<typeof ZBackupPhotos>;

export const ZBackupStatus = z.object({
  /** The newest backup in $DATA_DIR/backups: its file name only, never a path, and the photos it holds. */
  last: z.object({ at: z.string(), bytes: z.number(), name: z.string(), photos: ZBackupPhotos }).nullable(),
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
