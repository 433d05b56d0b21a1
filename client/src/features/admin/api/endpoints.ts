// The admin screens' request paths (docs/API.md "Admin: …" sections): the only place they are
// written. Each root is also the first part of its screen's query keys (keys.ts).

export const adsPath = '/api/admin/ads';
export const adPath = (id: number) => `${adsPath}/${id}`;
export const analyticsPath = '/api/admin/analytics';
export const auditPath = '/api/admin/audit-log';
export const bulletinsPath = '/api/admin/bulletins';
export const bulletinPath = (id: number) => `${bulletinsPath}/${id}`;
export const categoriesPath = '/api/admin/categories';
export const categoryPath = (id: number) => `${categoriesPath}/${id}`;
export const categoryOrderPath = `${categoriesPath}/order`;
export const dashboardPath = '/api/admin/dashboard';
export const maintenancePath = '/api/admin/maintenance';
export const outboxPath = '/api/admin/emails';
export const retryEmailPath = (id: number) => `${outboxPath}/${id}/retry`;
export const announcementsPath = '/api/admin/announcements';
export const announcementPreviewPath = (id: number) => `${announcementsPath}/${id}/preview`;
export const announcementSendPath = (id: number) => `${announcementsPath}/${id}/send`;
export const membersPath = '/api/admin/members';
/** A member; its actions are sub-paths (chat-suspension, suspension, admin, resend-verification). */
export const memberPath = (id: number) => `${membersPath}/${id}`;
export const reportsPath = '/api/admin/reports';
export const reportOutcomePath = (id: number, outcome: 'resolve' | 'dismiss') => `${reportsPath}/${id}/${outcome}`;
export const postsPath = '/api/admin/posts';
export const postMovePath = (postId: number) => `${postsPath}/${postId}/move`;
export const ticketsPath = '/api/admin/support';
export const ticketPath = (id: number) => `${ticketsPath}/${id}`;
export const ticketActionPath = (id: number, action: string) => `${ticketPath(id)}/${action}`;
/** The forum's own pin, lock and delete, which the posts tool uses too. */
export const forumPostPath = (postId: number) => `/api/forum/posts/${postId}`;
export const forumPostPinPath = (postId: number) => `${forumPostPath(postId)}/pin`;
export const forumPostLockPath = (postId: number) => `${forumPostPath(postId)}/lock`;
