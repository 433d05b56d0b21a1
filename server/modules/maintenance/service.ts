import { eq } from 'drizzle-orm';
import type { TMaintenanceStatus } from '../../../common/contracts/maintenance.ts';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export type MaintenanceStatus = TMaintenanceStatus;

const KEY = 'maintenance';
/**
 * How long a process trusts its last read of the switch. Every write request checks it, so it is
 * kept in memory; another process's change is seen within this time.
 */
export const MAINTENANCE_CACHE_MS = 2000;

// Per database: tests (and a second app in one process) each have their own. Still a module-level
// registry only because e2e/bulletins-ads.spec.ts (not editable in this step) calls
// rememberMaintenance(db, …) to reach the running app's cache; features get createMaintenance(db).
const cache = new WeakMap<Db, { value: MaintenanceStatus; until: number }>();

async function read(db: Pick<Db, 'select'>): Promise<MaintenanceStatus> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).limit(1);
  const value = (row?.value ?? {}) as Partial<MaintenanceStatus>;
  return { maintenanceMode: value.maintenanceMode === true, message: typeof value.message === 'string' ? value.message : '' };
}

/** The switch and its message, from the database (for the admin dashboard, which must be exact). */
async function getMaintenance(db: Db): Promise<MaintenanceStatus> {
  const value = await read(db);
  cache.set(db, { value, until: Date.now() + MAINTENANCE_CACHE_MS });
  return value;
}

/** The switch as this process last read it, at most MAINTENANCE_CACHE_MS old. */
async function getMaintenanceCached(db: Db): Promise<MaintenanceStatus> {
  const hit = cache.get(db);
  if (hit && hit.until > Date.now()) return hit.value;
  return getMaintenance(db);
}

/** Stores the switch; pass a transaction to record it with its audit entry, then publish maintenance.changed. */
export async function setMaintenance(db: Pick<Db, 'insert'>, status: MaintenanceStatus) {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: status })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: status, updatedAt: new Date() } });
}

/** After a committed change: this process uses the new value at once. */
export function rememberMaintenance(db: Db, status: MaintenanceStatus) {
  cache.set(db, { value: status, until: Date.now() + MAINTENANCE_CACHE_MS });
}

/**
 * The switch as the app's features read it: buildApp creates one and passes it to the maintenance
 * routes, the dashboard and the chat socket (each types it by what it reads), so no feature imports
 * this module.
 */
export function createMaintenance(db: Db) {
  return {
    /** From the database (the admin dashboard, which must be exact). */
    current: () => getMaintenance(db),
    /** As this process last read it, at most MAINTENANCE_CACHE_MS old. */
    cached: () => getMaintenanceCached(db),
    /** After a committed change (maintenance.changed), in every process. */
    remember: (status: MaintenanceStatus) => rememberMaintenance(db, status),
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
