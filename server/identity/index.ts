// The shared core of accounts, below the features: everything outside server/identity imports it from
// here. Codes mailed to an address, passwords, sessions (the plugin that sets req.user is
// server/plugins/session.ts), sign-in and mail throttles, the accounts API's texts, the user's API shape,
// and the identity services buildApp creates once from the core (service.ts: the same, on its clock).
export * from './codes.ts';
export * from './messages.ts';
export * from './passwords.ts';
export * from './service.ts';
export * from './sessions.ts';
export * from './throttle.ts';
export * from './users.ts';
export * from './notification-preferences.ts';
export * from './suspensions.ts';
