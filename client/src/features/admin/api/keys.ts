import type { TMemberStatus } from '@common/contracts/admin';
import type { TEmailStatus } from '@common/contracts/admin-emails';
import type { TReportStatus } from '@common/contracts/moderation';
import type { TTicketStatus } from '@common/contracts/support';
import type { AnalyticsPeriod } from './analytics';

// The admin screens' query keys. What an admin change shows elsewhere (forum lists, bulletins, ads,
// the maintenance banner) is refreshed through lib/query-keys.ts.

const ADS = '/api/admin/ads';
const AUDIT = '/api/admin/audit-log';
const BULLETINS = '/api/admin/bulletins';
const CATEGORIES = '/api/admin/categories';
const DASHBOARD = '/api/admin/dashboard';
const OUTBOX = '/api/admin/emails';
const ANNOUNCEMENTS = '/api/admin/announcements';
const MEMBERS = '/api/admin/members';
const REPORTS = '/api/admin/reports';
const POSTS = '/api/admin/posts';
const TICKETS = '/api/admin/support';

/** Every admin query key; `all` and `lists` are the roots a change invalidates. */
export const adminKeys = {
  ads: [ADS] as const,
  analytics: (period: AnalyticsPeriod) => ['/api/admin/analytics', period] as const,
  audit: {
    all: [AUDIT] as const,
    /** One target's entries, or 'all'. */
    list: (target?: { type: string; id: string | number }) => [AUDIT, target ? `${target.type}:${target.id}` : 'all'] as const,
  },
  bulletins: [BULLETINS] as const,
  categories: [CATEGORIES] as const,
  dashboard: [DASHBOARD] as const,
  outbox: {
    all: [OUTBOX] as const,
    list: (status: TEmailStatus | undefined, cursor: number | undefined) => [OUTBOX, status ?? 'all', cursor ?? 0] as const,
  },
  announcements: {
    all: [ANNOUNCEMENTS] as const,
    preview: (id: number) => [ANNOUNCEMENTS, id, 'preview'] as const,
  },
  members: {
    lists: [MEMBERS, 'list'] as const,
    list: (q: string, status: TMemberStatus, page: number) => [MEMBERS, 'list', { q, status, page }] as const,
    member: (id: number) => [MEMBERS, 'member', id] as const,
  },
  reports: {
    all: [REPORTS] as const,
    list: (status: TReportStatus, page: number) => [REPORTS, status, page] as const,
  },
  posts: {
    all: [POSTS] as const,
    search: (q: string) => [POSTS, q] as const,
  },
  tickets: {
    lists: [TICKETS, 'list'] as const,
    list: (status: TTicketStatus, page: number) => [TICKETS, 'list', status, page] as const,
    ticket: (id: number) => [TICKETS, 'ticket', id] as const,
  },
};
