import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AUDIT_ACTIONS, AuditAction } from './actions.ts';

export type AuditEntry<A extends AuditAction = AuditAction> = {
  /** null: the system (e.g. the sweep lifting an expired suspension). */
  actorId: number | null;
  action: A;
  /** The kind of thing acted on, as AUDIT_ACTIONS pairs it with the action. */
  targetType: (typeof AUDIT_ACTIONS)[A];
  targetId?: string | number | null;
  details?: Record<string, unknown>;
};

type Executor = Pick<Db, 'insert'>;

/** Writes one audit-log row; call it inside the action's own transaction so both land or neither. */
export async function recordAudit<A extends AuditAction>(tx: Executor, entry: AuditEntry<A>): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    details: entry.details ?? null,
  });
}
