export { payRoutes, payIndexCsv } from './routes.ts';
export { createPayService, presentPayReport, selectFigures, type PayService, type PayAggregates } from './service.ts';
