import type { TMemberStatus } from '@common/contracts/admin';
import type { TEmailStatus } from '@common/contracts/admin-emails';
import type { TReportStatus } from '@common/contracts/moderation';
import type { TTicketStatus } from '@common/contracts/support';
import type { AnalyticsPeriod } from './analytics';
import {
  adsPath,
  analyticsPath,
  announcementsPath,
  auditPath,
  bulletinsPath,
  categoriesPath,
  dashboardPath,
  membersPath,
  outboxPath,
  postsPath,
  reportsPath,
  ticketsPath,
} from './endpoints';

// The admin screens' query keys. What an admin change shows elsewhere (forum lists, bulletins, ads,
// the maintenance banner) is refreshed through lib/query-keys.ts.

/** Every admin query key; `all` and `lists` are the roots a change invalidates. */
export const adminKeys = {
  ads: [adsPath] as const,
  analytics: (period: AnalyticsPeriod) => [analyticsPath, period] as const,
  audit: {
    all: [auditPath] as const,
    /** One target's entries, or 'all'. */
    list: (target?: { type: string; id: string | number }) => [auditPath, target ? `${target.type}:${target.id}` : 'all'] as const,
  },
  bulletins: [bulletinsPath] as const,
  categories: [categoriesPath] as const,
  dashboard: [dashboardPath] as const,
  outbox: {
    all: [outboxPath] as const,
    list: (status: TEmailStatus | undefined, cursor: number | undefined) => [outboxPath, status ?? 'all', cursor ?? 0] as const,
  },
  announcements: {
    all: [announcementsPath] as const,
    preview: (id: number) => [announcementsPath, id, 'preview'] as const,
  },
  members: {
    lists: [membersPath, 'list'] as const,
    list: (q: string, status: TMemberStatus, page: number) => [membersPath, 'list', { q, status, page }] as const,
    member: (id: number) => [membersPath, 'member', id] as const,
  },
  reports: {
    all: [reportsPath] as const,
    list: (status: TReportStatus, page: number) => [reportsPath, status, page] as const,
  },
  posts: {
    all: [postsPath] as const,
    search: (q: string) => [postsPath, q] as const,
  },
  tickets: {
    lists: [ticketsPath, 'list'] as const,
    list: (status: TTicketStatus, page: number) => [ticketsPath, 'list', status, page] as const,
    ticket: (id: number) => [ticketsPath, 'ticket', id] as const,
  },
};
