export { maintenanceRoutes } from './routes.ts';
export { createMaintenanceService, type MaintenanceService } from './service.ts';
