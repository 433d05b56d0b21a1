import { and, asc, eq, inArray } from 'drizzle-orm';
import { adSlotProblems, type TAdminAdSlot, type TAdSlot, type TAdSlotCreate, type TAdSlotUpdate } from '../../../common/contracts/ads.ts';
import { AD_MSG, adMaximum, type TAdDevice } from '../../../common/rules/ads.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adSlots } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http-errors.ts';

type Row = typeof adSlots.$inferSelect;

const present = (a: Row): TAdSlot => ({
  id: a.id,
  location: a.location,
  position: a.position,
  isActive: a.isActive,
  adType: a.adType,
  adSlotId: a.adSlotId,
  customHtml: a.customHtml,
  width: a.width,
  height: a.height,
  isResponsive: a.isResponsive,
  deviceTarget: a.deviceTarget,
  title: a.title,
  body: a.body,
  linkUrl: a.linkUrl,
  imageUrl: a.imageUrl,
});
const presentAdmin = (a: Row): TAdminAdSlot => ({
  ...present(a),
  name: a.name,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

/**
 * The ads a browser shows at a location (spec §9): active, by position, for its device (slots for
 * 'any' device always; without a device only those), at most the location's maximum.
 */
async function listSlotsFor(db: Db, location: string, device?: TAdDevice): Promise<TAdSlot[]> {
  const targets = device ? (['any', device] as const) : (['any'] as const);
  const rows = await db
    .select()
    .from(adSlots)
    .where(and(eq(adSlots.location, location), eq(adSlots.isActive, true), inArray(adSlots.deviceTarget, [...targets])))
    .orderBy(asc(adSlots.position), asc(adSlots.id))
    .limit(adMaximum(location));
  return rows.map(present);
}

async function listAllSlots(db: Db): Promise<TAdminAdSlot[]> {
  const rows = await db.select().from(adSlots).orderBy(asc(adSlots.location), asc(adSlots.position), asc(adSlots.id));
  return rows.map(presentAdmin);
}

async function createSlot(tx: Tx, actorId: number, input: TAdSlotCreate): Promise<TAdminAdSlot> {
  const [row] = await tx.insert(adSlots).values(input).returning();
  await recordAudit(tx, {
    actorId,
    action: 'ad.create',
    targetType: 'ad',
    targetId: row.id,
    details: { name: row.name, location: row.location, adType: row.adType },
  });
  return presentAdmin(row);
}

async function updateSlot(tx: Tx, now: Date, actorId: number, id: number, patch: TAdSlotUpdate): Promise<TAdminAdSlot> {
  const [before] = await tx.select().from(adSlots).where(eq(adSlots.id, id)).for('update');
  if (!before) throw notFound(AD_MSG.notFound);
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<Row>;
  // The rules between fields hold for the slot as it will be, not just for the fields sent.
  const problems = adSlotProblems({ ...before, ...set });
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
  const [row] = await tx
    .update(adSlots)
    .set({ ...set, updatedAt: now })
    .where(eq(adSlots.id, id))
    .returning();
  const changed = Object.keys(set).filter((k) => before[k as keyof Row] !== set[k as keyof Row]);
  await recordAudit(tx, { actorId, action: 'ad.update', targetType: 'ad', targetId: id, details: { changed } });
  return presentAdmin(row);
}

async function deleteSlot(tx: Tx, actorId: number, id: number): Promise<void> {
  const [row] = await tx.delete(adSlots).where(eq(adSlots.id, id)).returning();
  if (!row) throw notFound(AD_MSG.notFound);
  await recordAudit(tx, {
    actorId,
    action: 'ad.delete',
    targetType: 'ad',
    targetId: id,
    details: { name: row.name, location: row.location, adType: row.adType },
  });
}

/**
 * The ad slots service: buildApp creates it once from the core. Every write (the slot and its audit
 * row) publishes 'ads.changed' in its transaction (issue 29): the CSP's ad image origins follow what
 * committed (image-origins.ts), and a refused write records nothing.
 */
export function createAdService({ db, clock, events }: Pick<Core, 'db' | 'clock' | 'events'>) {
  const write = <T>(change: (tx: Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      const result = await change(tx);
      await events.publish('ads.changed', {}, tx);
      return result;
    });
  return {
    listFor: (location: string, device?: TAdDevice) => listSlotsFor(db, location, device),
    listAll: () => listAllSlots(db),
    create: (actorId: number, input: TAdSlotCreate) => write((tx) => createSlot(tx, actorId, input)),
    update: (actorId: number, id: number, patch: TAdSlotUpdate) => write((tx) => updateSlot(tx, clock.now(), actorId, id, patch)),
    remove: (actorId: number, id: number) => write((tx) => deleteSlot(tx, actorId, id)),
  };
}
export type AdService = ReturnType<typeof createAdService>;
