// The backups card's messages (docs/API.md "Admin: backups"), without zod (the schemas are in
// contracts/backups.ts).

export const BACKUP_MSG = {
  running: 'A backup is already running',
  notFound: 'Backup not found',
} as const;
