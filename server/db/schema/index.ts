export * from './users.ts';
export * from './forum.ts';
export * from './site.ts';
export * from './notifications.ts';
export * from './chat.ts';
export * from './admin.ts';
export * from './push.ts';
export * from './notification-preferences.ts';
