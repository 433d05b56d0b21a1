export { maintenanceRoutes } from './routes.ts';
export { createMaintenance, type Maintenance } from './service.ts';
