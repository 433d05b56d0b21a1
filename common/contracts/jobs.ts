import { z } from 'zod';
import { JOBS_MSG } from '../rules/jobs.ts';
import { endpoint } from './endpoint.ts';

// The job runner's state on the admin dashboard (issue 29; docs/API.md "Admin: background jobs"):
// how many of each job wait, failed for good (dead) or ran in the last day, and the failed ones to
// retry. Admins only (401 guests, 403 any other account). Messages are in rules/jobs.ts.

export const ZJobCounts = z.object({
  /** `event:<event>:<subscriber>` for the outbox's deliveries, or the job's own name (`push.send`, `uploads.sweep`). */
  name: z.string(),
  /** Waiting to run: new, or retrying after a failure. */
  pending: z.number(),
  /** Failed on every attempt. */
  dead: z.number(),
  doneLastDay: z.number(),
});
export type TJobCounts = z.infer<typeof ZJobCounts>;

/** A job that failed on every attempt, newest failure first; its payload is not shown (it may name members). */
export const ZDeadJob = z.object({
  id: z.number(),
  name: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type TDeadJob = z.infer<typeof ZDeadJob>;

export const ZJobsSummary = z.object({
  byName: z.array(ZJobCounts),
  /** The newest 100. */
  dead: z.array(ZDeadJob),
});
export type TJobsSummary = z.infer<typeof ZJobsSummary>;

export const ZJobParams = z.object({
  id: z.coerce.number({ error: JOBS_MSG.idInvalid }).int(JOBS_MSG.idInvalid).positive(JOBS_MSG.idInvalid).max(Number.MAX_SAFE_INTEGER, JOBS_MSG.idInvalid),
});

export const ZJobRetried = z.object({ id: z.number(), name: z.string() });
export type TJobRetried = z.infer<typeof ZJobRetried>;

export const getJobsSummary = endpoint({
  method: 'GET',
  path: '/api/admin/jobs',
  responses: { 200: ZJobsSummary },
  errors: [400, 401, 403],
});

/**
 * A failed job back to pending, due now, with its attempts counted afresh; it runs in the background
 * (202: the answer does not wait for it). 404 for any id that is not a failed job. Audited as job.retry.
 */
export const retryJob = endpoint({
  method: 'POST',
  path: '/api/admin/jobs/:id/retry',
  params: ZJobParams,
  responses: { 202: ZJobRetried },
  errors: [400, 401, 403, 404],
});
