export { backupRoutes } from './routes.ts';
export { createBackupService, type BackupService } from './service.ts';
