import type { TMemberStatus } from '@common/contracts/admin';
import type { TEmailStatus } from '@common/contracts/admin-emails';
import type { TReportStatus } from '@common/contracts/moderation';
import type { THeldStatus } from '@common/contracts/review';
import type { TTicketStatus } from '@common/contracts/support';
import { listAdminAdSlots } from '@endpoints/ads';
import { getAnalyticsReport } from '@endpoints/analytics';
import { getDashboard, listAuditLog, listMembers } from '@endpoints/admin';
import { getBackupStatus } from '@endpoints/backups';
import { listVerifications } from '@endpoints/courier';
import { getJobsSummary } from '@endpoints/jobs';
import { listAnnouncements, listOutbox } from '@endpoints/admin-emails';
import { listAdminBulletins } from '@endpoints/bulletins';
import { listAdminCategories, listAdminPosts, listReports } from '@endpoints/moderation';
import { getReviewSettings, listHeldItems, listWatchedWords } from '@endpoints/review';
import { listTickets } from '@endpoints/support';
import { sharedKeys } from '@/lib/query-keys';
import type { AnalyticsPeriod } from './analytics';

// The admin screens' query keys. What an admin change shows elsewhere (forum lists, bulletins, ads,
// the maintenance banner) is refreshed through lib/query-keys.ts.

/** Every admin query key; `all` and `lists` are the roots a change invalidates. */
export const adminKeys = {
  ads: [listAdminAdSlots.path] as const,
  analytics: (period: AnalyticsPeriod) => [getAnalyticsReport.path, period] as const,
  audit: {
    all: [listAuditLog.path] as const,
    /** One target's entries, or 'all'. */
    list: (target?: { type: string; id: string | number }) => [listAuditLog.path, target ? `${target.type}:${target.id}` : 'all'] as const,
  },
  backups: [getBackupStatus.path] as const,
  bulletins: [listAdminBulletins.path] as const,
  categories: [listAdminCategories.path] as const,
  dashboard: [getDashboard.path] as const,
  jobs: [getJobsSummary.path] as const,
  outbox: {
    all: [listOutbox.path] as const,
    list: (status: TEmailStatus | undefined, cursor: number | undefined) => [listOutbox.path, status ?? 'all', cursor ?? 0] as const,
  },
  announcements: {
    all: [listAnnouncements.path] as const,
    preview: (id: number) => [listAnnouncements.path, id, 'preview'] as const,
  },
  members: {
    lists: [listMembers.path, 'list'] as const,
    list: (q: string, status: TMemberStatus, page: number) => [listMembers.path, 'list', { q, status, page }] as const,
    member: (id: number) => [listMembers.path, 'member', id] as const,
  },
  reports: {
    all: [listReports.path] as const,
    list: (status: TReportStatus, page: number) => [listReports.path, status, page] as const,
  },
  /** The review queue (issue 28). */
  review: {
    all: [listHeldItems.path] as const,
    list: (status: THeldStatus, page: number) => [listHeldItems.path, status, page] as const,
  },
  reviewSettings: [getReviewSettings.path] as const,
  /** Issue 32 item 2: the verified courier badge requests waiting for a moderator. */
  verifications: [listVerifications.path] as const,
  watchedWords: [listWatchedWords.path] as const,
  /** The tags (issue 32): the public list, which the editor's picker and the tag pages read too. */
  tags: sharedKeys.tags,
  posts: {
    all: [listAdminPosts.path] as const,
    search: (q: string) => [listAdminPosts.path, q] as const,
  },
  tickets: {
    lists: [listTickets.path, 'list'] as const,
    list: (status: TTicketStatus, page: number) => [listTickets.path, 'list', status, page] as const,
    ticket: (id: number) => [listTickets.path, 'ticket', id] as const,
  },
};
