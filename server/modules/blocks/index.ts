export { blockRoutes } from './routes.ts';
export { blockedBy, blockedEitherWay, blockersAmong, blockExistsEitherWay, createBlockService, type BlockService } from './service.ts';
