import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export type MaintenanceStatus = { maintenanceMode: boolean; message: string };

const KEY = 'maintenance';

export async function getMaintenance(db: Db): Promise<MaintenanceStatus> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY)).limit(1);
  const value = (row?.value ?? {}) as Partial<MaintenanceStatus>;
  return { maintenanceMode: value.maintenanceMode === true, message: value.message ?? '' };
}

export async function setMaintenance(db: Db, status: MaintenanceStatus) {
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: status })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: status, updatedAt: new Date() } });
}
