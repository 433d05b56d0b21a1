export { blockRoutes } from './routes.ts';
export { blockedEitherWay, blockedIdsFor, blockersAmong, blockExistsEitherWay, createBlockService, isBlocked, type BlockService } from './service.ts';
