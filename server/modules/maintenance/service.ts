import { eq } from 'drizzle-orm';
import type { TMaintenanceStatus } from '../../../common/contracts/maintenance.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export type MaintenanceStatus = TMaintenanceStatus;

const KEY = 'maintenance';

/**
 * How long a process trusts its last read of the switch. Every write request checks it, so it is
 * kept in memory; another process's change is seen within this time.
 */
export const MAINTENANCE_CACHE_MS = 2000;

async function read(db: Pick<Db, 'select'>): Promise<MaintenanceStatus> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).limit(1);
  const value = (row?.value ?? {}) as Partial<MaintenanceStatus>;
  return { maintenanceMode: value.maintenanceMode === true, message: typeof value.message === 'string' ? value.message : '' };
}

/** Stores the switch; pass a transaction to record it with its audit entry. */
export async function setMaintenance(db: Pick<Db, 'insert'>, status: MaintenanceStatus, now: Date) {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: status })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: status, updatedAt: now } });
}

/**
 * The maintenance switch (docs/API.md "Maintenance"): buildApp creates it once and passes it to the
 * maintenance routes, the dashboard and the chat socket (each types it by what it reads). It keeps
 * this process's last read of the switch.
 */
export function createMaintenanceService({ db, clock, events }: Pick<Core, 'db' | 'clock' | 'events'>) {
  let last: { value: MaintenanceStatus; until: number } | null = null;
  const remember = (value: MaintenanceStatus) => {
    last = { value, until: clock.now().getTime() + MAINTENANCE_CACHE_MS };
  };
  /** From the database (the admin dashboard, which must be exact). */
  const current = async () => {
    const value = await read(db);
    remember(value);
    return value;
  };
  return {
    current,
    /** As this process last read it, at most MAINTENANCE_CACHE_MS old. */
    cached: async (): Promise<MaintenanceStatus> => (last && last.until > clock.now().getTime() ? last.value : current()),
    /** After a committed change (maintenance.changed), in every process. */
    remember,
    /** PUT /api/admin/maintenance: stored with its audit entry, then every process follows (maintenance.changed). */
    async set(adminId: number, status: MaintenanceStatus): Promise<MaintenanceStatus> {
      await db.transaction(async (tx) => {
        await setMaintenance(tx, status, clock.now());
        await recordAudit(tx, {
          actorId: adminId,
          action: status.maintenanceMode ? 'maintenance.on' : 'maintenance.off',
          targetType: 'site',
          targetId: 'maintenance',
          details: { message: status.message },
        });
        // In this transaction (issue 29): every process follows a switch that was stored, even if this one dies right after.
        await events.publish('maintenance.changed', status, tx);
      });
      return status;
    },
  };
}
export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
