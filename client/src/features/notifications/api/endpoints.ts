// The notifications' request paths (docs/API.md "Notifications"): the only place they are written.
// They sit under '/api/forum/', so the forum's prefix refresh (an admin's moderation) reaches their
// query keys too.

export const notificationsPath = '/api/forum/notifications';
export const unreadCountPath = `${notificationsPath}/unread-count`;
export const readAllPath = `${notificationsPath}/read-all`;
export const readPath = (id: number) => `${notificationsPath}/${id}/read`;
