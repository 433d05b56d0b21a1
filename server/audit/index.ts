// The audit log's core: the typed list of actions and the writer every feature records through.
// (Reading it is the admin screen's query: server/modules/admin/audit-service.ts.)
export * from './actions.ts';
export * from './record.ts';
