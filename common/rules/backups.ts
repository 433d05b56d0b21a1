// The backups card's messages (docs/API.md "Admin: backups"), without zod (the schemas are in
// contracts/backups.ts).

export const BACKUP_MSG = {
  running: 'A backup is already running',
  notFound: 'Backup not found',
  /** The daily backup's error while DATA_DIR is short of room (the runner tries it again later). */
  noRoom: 'The server is out of storage space: the daily backup waits until there is room',
} as const;
