export { adminMemberRoutes } from './admin-routes.ts';
export type { TDataExport } from './export-service.ts';
export { memberRoutes } from './routes.ts';
