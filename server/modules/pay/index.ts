export { payRoutes, payIndexCsv } from './routes.ts';
export {
  computePaySnapshot,
  createPayService,
  ensureTodaysSnapshot,
  presentPayReport,
  selectFigures,
  type PayService,
  type PayAggregates,
  type PaySnapshot,
} from './service.ts';
