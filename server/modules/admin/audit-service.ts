import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_MSG, type TAuditPage } from '../../../common/contracts/admin.ts';
import { AUDIT_PAGE } from '../../../common/rules/audit.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { badRequest } from '../../http-errors.ts';

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/**
 * The cursor is the id of the last entry shown. Ids grow with time (identity column), so id order is
 * newest-first order, read from the primary key, and timestamps that tie never skip or repeat a row.
 */
function decodeCursor(cursor: string): number {
  if (!/^\d{1,10}$/.test(cursor)) throw badRequest(ADMIN_MSG.badCursor);
  return Number(cursor);
}

/** The audit log, newest first, optionally of one target (audit_log_target_idx). */
async function listAudit(db: Db, query: { cursor?: string; targetType?: string; targetId?: string }, limit = AUDIT_PAGE): Promise<TAuditPage> {
  const conds: Array<SQL | undefined> = [];
  if (query.cursor) {
    conds.push(lt(auditLog.id, decodeCursor(query.cursor)));
  }
  if (query.targetType) conds.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conds.push(eq(auditLog.targetId, query.targetId));
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: actor.id,
      actorUsername: actor.username,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetUsername: target.username,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    // A user target's id is stored as text; only digit strings can name a user.
    .leftJoin(target, and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, sql<string>`${target.id}::text`)))
    .where(and(...conds))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => ({
      id: r.id,
      actor: r.actorId !== null && r.actorUsername !== null ? { id: r.actorId, username: r.actorUsername } : null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetUsername ?? null,
      details: (r.details as Record<string, unknown> | null) ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? String(last.id) : null,
  };
}

/** The audit log screen's reads: buildApp creates it once. */
export function createAuditService({ db }: Pick<Core, 'db'>) {
  return { list: (query: { cursor?: string; targetType?: string; targetId?: string }) => listAudit(db, query) };
}
export type AuditService = ReturnType<typeof createAuditService>;
