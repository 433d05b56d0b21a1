import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TAdminBulletin, TBulletin } from '../../../common/contracts/bulletins.ts';
import { BULLETIN_MSG, BULLETINS_SHOWN_MAX, type TBulletinVisibility } from '../../../common/rules/bulletins.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/client.ts';
import { bulletins } from '../../db/schema/index.ts';
import { notFound } from '../../http-errors.ts';

type Row = typeof bulletins.$inferSelect;

const present = (b: Row): TBulletin => ({
  id: b.id,
  title: b.title,
  message: b.message,
  isActive: b.isActive,
  visibilityType: b.visibilityType,
  createdAt: b.createdAt.toISOString(),
});
const presentAdmin = (b: Row): TAdminBulletin => ({ ...present(b), updatedAt: b.updatedAt.toISOString() });

/** Active bulletins a reader may see, newest first: members-only ones only for a signed-in member. */
async function listActiveBulletins(db: Db, signedIn: boolean): Promise<TBulletin[]> {
  const visible: TBulletinVisibility[] = signedIn ? ['everyone', 'members'] : ['everyone'];
  const rows = await db
    .select()
    .from(bulletins)
    .where(and(eq(bulletins.isActive, true), inArray(bulletins.visibilityType, visible)))
    .orderBy(desc(bulletins.createdAt), desc(bulletins.id))
    .limit(BULLETINS_SHOWN_MAX);
  return rows.map(present);
}

async function listAllBulletins(db: Db): Promise<TAdminBulletin[]> {
  const rows = await db.select().from(bulletins).orderBy(desc(bulletins.createdAt), desc(bulletins.id));
  return rows.map(presentAdmin);
}

export type BulletinInput = { title: string; message: string; visibilityType: TBulletinVisibility; isActive: boolean };

async function createBulletin(db: Db, actorId: number, input: BulletinInput): Promise<TAdminBulletin> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(bulletins).values({ ...input, createdBy: actorId }).returning();
    await recordAudit(tx, { actorId, action: 'bulletin.create', targetType: 'bulletin', targetId: row.id, details: { title: row.title } });
    return presentAdmin(row);
  });
}

async function updateBulletin(db: Db, now: Date, actorId: number, id: number, patch: Partial<BulletinInput>): Promise<TAdminBulletin> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(bulletins).where(eq(bulletins.id, id)).for('update');
    if (!before) throw notFound(BULLETIN_MSG.notFound);
    const [row] = await tx
      .update(bulletins)
      .set({ ...patch, updatedAt: now })
      .where(eq(bulletins.id, id))
      .returning();
    const changed = Object.fromEntries(
      Object.entries(patch).filter(([k, v]) => v !== undefined && before[k as keyof Row] !== v),
    );
    await recordAudit(tx, { actorId, action: 'bulletin.update', targetType: 'bulletin', targetId: id, details: { changed } });
    return presentAdmin(row);
  });
}

async function deleteBulletin(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(bulletins).where(eq(bulletins.id, id)).returning();
    if (!row) throw notFound(BULLETIN_MSG.notFound);
    await recordAudit(tx, { actorId, action: 'bulletin.delete', targetType: 'bulletin', targetId: id, details: { title: row.title } });
  });
}

/** The bulletins service: buildApp creates it once from the core. */
export function createBulletinService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  return {
    listActive: (signedIn: boolean) => listActiveBulletins(db, signedIn),
    listAll: () => listAllBulletins(db),
    create: (actorId: number, input: BulletinInput) => createBulletin(db, actorId, input),
    update: (actorId: number, id: number, patch: Partial<BulletinInput>) => updateBulletin(db, clock.now(), actorId, id, patch),
    remove: (actorId: number, id: number) => deleteBulletin(db, actorId, id),
  };
}
export type BulletinService = ReturnType<typeof createBulletinService>;
