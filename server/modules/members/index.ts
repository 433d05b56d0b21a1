export { adminMemberRoutes } from './admin-routes.ts';
export { createMemberAdminService, type MemberAdminService } from './admin-service.ts';
export { createDirectoryService, listedMember, type DirectoryService } from './directory-service.ts';
export type { TDataExport } from './export-service.ts';
export { memberRoutes } from './routes.ts';
export { createMembersService, type MembersService } from './service.ts';
