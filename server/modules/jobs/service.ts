import { and, eq } from 'drizzle-orm';
import type { TJobRetried, TJobsSummary } from '../../../common/contracts/jobs.ts';
import { JOBS_MSG } from '../../../common/rules/jobs.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import { jobs as jobRows } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';

/** The dashboard's background jobs card (docs/API.md "Admin: background jobs"): the runner's summary and an admin's retry. */
export function createJobAdmin({ db, jobs }: Pick<Core, 'db' | 'jobs'>) {
  return {
    async summary(): Promise<TJobsSummary> {
      const { byName, dead } = await jobs.summary();
      return {
        byName,
        dead: dead.map((j) => ({ ...j, createdAt: j.createdAt.toISOString(), failedAt: j.failedAt?.toISOString() ?? null })),
      };
    },

    /**
     * A dead job back to pending, due now (the runner counts its attempts afresh and wakes). What it was
     * (name, attempts, last error) is read first, for the audit row: the retry clears the failure.
     */
    async retry(adminId: number, id: number): Promise<TJobRetried> {
      // The retry and its audit row are one change.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ name: jobRows.name, attempts: jobRows.attempts, lastError: jobRows.lastError })
          .from(jobRows)
          .where(and(eq(jobRows.id, id), eq(jobRows.state, 'dead')));
        // Also 404 when another admin's retry took it between the read and ours.
        if (!row || !(await jobs.retry(tx, id))) throw notFound(JOBS_MSG.notFound);
        await recordAudit(tx, { actorId: adminId, action: 'job.retry', targetType: 'job', targetId: id, details: row });
        return { id, name: row.name };
      });
    },
  };
}
export type JobAdmin = ReturnType<typeof createJobAdmin>;
