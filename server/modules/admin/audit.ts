import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditEntry = {
  actorId: number;
  /** What was done, as `<thing>.<verb>`: user.suspend, post.pin, category.delete, ad.update, … */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  details?: Record<string, unknown>;
};

type Executor = Pick<Db, 'insert'>;

/** Writes one audit-log row; call it inside the action's own transaction so both land or neither. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}
