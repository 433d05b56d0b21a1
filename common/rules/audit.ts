// The audit log screen's limits (docs/API.md "Admin: dashboard, members, audit log"), without zod.

/** Entries per page of GET /api/admin/audit-log. */
export const AUDIT_PAGE = 50;
