export { createRetentionService, type RetentionService } from './service.ts';
