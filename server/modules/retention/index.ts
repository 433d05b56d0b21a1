export { retentionPlugin } from './plugin.ts';
export { createRetentionService, type RetentionService } from './service.ts';
