import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { TPendingVerification, TVerificationRequest, TVerificationStatus } from '../../../common/contracts/courier.ts';
import { VERIFY_MSG, VERIFY_PROOF_MAX_MB, VERIFY_REQUESTS_PER_DAY } from '../../../common/rules/courier.ts';
import { mayActOnMember, ROLE_MSG } from '../../../common/rules/roles.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { courierVerifications, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../http-errors.ts';
import type { SessionUser } from '../../identity/index.ts';
import { processImage, sniffImageType } from '../uploads/index.ts';

// The verified courier badge (issue 32 item 2; docs/API.md "Verified courier badge"). A member sends a
// photo of their proof for a network; a moderator looks at it on the review screen and gives the badge or
// refuses with a reason; either way the proof is deleted in the same transaction and the decision kept
// (audited). The badge lives on the member's row (users.verified_network, verified_at), so every place
// that shows an author shows it without another query.

const DAY = 86_400_000;
const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** The photo of a data URL, as bytes; 400 for anything but a JPEG, PNG or WebP, 413 over the limit. */
function proofBytes(dataUrl: string): Buffer {
  const m = DATA_URL.exec(dataUrl);
  if (!m) throw badRequest(VERIFY_MSG.proofType, { proof: VERIFY_MSG.proofType });
  // Base64 is 4 characters for 3 bytes: the size is known before decoding.
  if ((m[2]!.length * 3) / 4 > VERIFY_PROOF_MAX_MB * 1024 * 1024) throw new HttpError(413, VERIFY_MSG.proofTooLarge);
  const bytes = Buffer.from(m[2]!, 'base64');
  // What the bytes are, not what the data URL says.
  const type = sniffImageType(bytes);
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp') throw badRequest(VERIFY_MSG.proofType, { proof: VERIFY_MSG.proofType });
  return bytes;
}

export function createVerificationService({ db, clock, events }: Pick<Core, 'db' | 'clock' | 'events'>) {
  async function status(userId: number): Promise<TVerificationStatus> {
    const [u] = await db.select({ network: users.verifiedNetwork, at: users.verifiedAt }).from(users).where(eq(users.id, userId));
    const [pending] = await db
      .select({ network: courierVerifications.network, createdAt: courierVerifications.createdAt })
      .from(courierVerifications)
      .where(and(eq(courierVerifications.userId, userId), eq(courierVerifications.status, 'pending')));
    const [last] = await db
      .select({ network: courierVerifications.network, status: courierVerifications.status, decidedAt: courierVerifications.decidedAt, reason: courierVerifications.reason })
      .from(courierVerifications)
      .where(and(eq(courierVerifications.userId, userId), gt(courierVerifications.decidedAt, new Date(0))))
      .orderBy(desc(courierVerifications.decidedAt))
      .limit(1);
    return {
      badge: u?.network && u.at ? { network: u.network, since: u.at.toISOString() } : null,
      pending: pending ? { network: pending.network, createdAt: pending.createdAt.toISOString() } : null,
      lastDecision:
        last && (last.status === 'approved' || last.status === 'refused')
          ? { network: last.network, status: last.status, decidedAt: last.decidedAt!.toISOString(), reason: last.reason }
          : null,
    };
  }

  /** The request waiting, locked for a decision; 404 unknown, 409 already decided. */
  async function claim(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: number, moderator: SessionUser) {
    const [row] = await tx.select().from(courierVerifications).where(eq(courierVerifications.id, id)).for('update');
    if (!row) throw notFound(VERIFY_MSG.notFound);
    if (row.status !== 'pending') throw conflict(VERIFY_MSG.decided);
    await assertMayDecide(tx, moderator, row.userId);
    return row;
  }

  /** Nobody decides on their own badge; a moderator not on an admin's or another moderator's (issue 28's bounds). */
  async function assertMayDecide(tx: Pick<typeof db, 'select'>, moderator: SessionUser, userId: number) {
    if (userId === moderator.id) throw forbidden(VERIFY_MSG.ownRequest);
    const [target] = await tx.select({ id: users.id, isAdmin: users.isAdmin, isModerator: users.isModerator }).from(users).where(eq(users.id, userId));
    if (target && !mayActOnMember(moderator, target)) throw forbidden(ROLE_MSG.moderatorBounds);
  }

  return {
    status,

    async request(user: SessionUser, input: TVerificationRequest): Promise<TVerificationStatus & { message: string }> {
      const now = clock.now();
      const [sent] = await db
        .select({ n: count() })
        .from(courierVerifications)
        .where(and(eq(courierVerifications.userId, user.id), gt(courierVerifications.createdAt, new Date(now.getTime() - DAY))));
      if (Number(sent?.n ?? 0) >= VERIFY_REQUESTS_PER_DAY) throw tooManyRequests(VERIFY_MSG.tooMany, DAY / 1000);
      const [me] = await db.select({ network: users.verifiedNetwork }).from(users).where(eq(users.id, user.id));
      if (me?.network === input.network) throw conflict(VERIFY_MSG.alreadyVerified);
      const bytes = proofBytes(input.proof);
      // Re-encoded: what is kept is pixels only (no location, no camera, no hidden payload).
      const image = await processImage(bytes).catch((err: unknown) => {
        throw err instanceof HttpError ? badRequest(VERIFY_MSG.proofType, { proof: VERIFY_MSG.proofType }) : err;
      });
      const largest = image.files.filter((f) => f.contentType === 'image/webp').sort((a, b) => b.body.length - a.body.length)[0]!;
      try {
        await db.insert(courierVerifications).values({ userId: user.id, network: input.network, proof: largest.body.toString('base64'), createdAt: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(VERIFY_MSG.pending);
        throw err;
      }
      return { ...(await status(user.id)), message: VERIFY_MSG.requested };
    },

    async cancel(userId: number) {
      const done = await db
        .update(courierVerifications)
        .set({ status: 'cancelled', proof: null })
        .where(and(eq(courierVerifications.userId, userId), eq(courierVerifications.status, 'pending')))
        .returning({ id: courierVerifications.id });
      if (done.length === 0) throw notFound(VERIFY_MSG.nothingPending);
      return { message: VERIFY_MSG.cancelled };
    },

    async removeOwnBadge(userId: number) {
      const done = await db
        .update(users)
        .set({ verifiedNetwork: null, verifiedAt: null, updatedAt: clock.now() })
        .where(and(eq(users.id, userId), gt(users.verifiedAt, new Date(0))))
        .returning({ id: users.id });
      if (done.length === 0) throw notFound(VERIFY_MSG.noBadge);
      return { message: VERIFY_MSG.badgeRemoved };
    },

    /** The requests waiting, oldest first. */
    async pending(): Promise<TPendingVerification[]> {
      const rows = await db
        .select({
          id: courierVerifications.id,
          network: courierVerifications.network,
          createdAt: courierVerifications.createdAt,
          userId: users.id,
          username: users.username,
          avatar: users.avatar,
          joined: users.createdAt,
          trustLevel: users.trustLevel,
        })
        .from(courierVerifications)
        .innerJoin(users, eq(users.id, courierVerifications.userId))
        .where(eq(courierVerifications.status, 'pending'))
        .orderBy(asc(courierVerifications.createdAt), asc(courierVerifications.id));
      return rows.map((r) => ({
        id: r.id,
        network: r.network,
        createdAt: r.createdAt.toISOString(),
        member: { id: r.userId, username: r.username, avatar: r.avatar, joinedDate: r.joined.toISOString(), trustLevel: r.trustLevel },
      }));
    },

    /** A waiting request's proof (WebP bytes); 404 once decided (it is gone). */
    async proof(id: number): Promise<Buffer> {
      const [row] = await db
        .select({ proof: courierVerifications.proof })
        .from(courierVerifications)
        .where(and(eq(courierVerifications.id, id), eq(courierVerifications.status, 'pending')));
      if (!row?.proof) throw notFound(VERIFY_MSG.notFound);
      return Buffer.from(row.proof, 'base64');
    },

    async approve(moderator: SessionUser, id: number) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await claim(tx, id, moderator);
        await tx.update(courierVerifications).set({ status: 'approved', proof: null, decidedAt: now, decidedBy: moderator.id }).where(eq(courierVerifications.id, id));
        await tx.update(users).set({ verifiedNetwork: row.network, verifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
        await recordAudit(tx, { actorId: moderator.id, action: 'courier_badge.approve', targetType: 'user', targetId: row.userId, details: { network: row.network, request: id } });
        await events.publish('verification.decided', { userId: row.userId, network: row.network, outcome: 'approved', reason: null }, tx);
      });
      return { message: VERIFY_MSG.approved };
    },

    async refuse(moderator: SessionUser, id: number, reason: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await claim(tx, id, moderator);
        await tx.update(courierVerifications).set({ status: 'refused', proof: null, decidedAt: now, decidedBy: moderator.id, reason }).where(eq(courierVerifications.id, id));
        await recordAudit(tx, { actorId: moderator.id, action: 'courier_badge.refuse', targetType: 'user', targetId: row.userId, details: { network: row.network, request: id, reason } });
        await events.publish('verification.decided', { userId: row.userId, network: row.network, outcome: 'refused', reason }, tx);
      });
      return { message: VERIFY_MSG.refused };
    },

    async withdraw(moderator: SessionUser, userId: number, reason: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ network: users.verifiedNetwork }).from(users).where(eq(users.id, userId)).for('update');
        if (!row?.network) throw notFound(VERIFY_MSG.noBadge);
        await assertMayDecide(tx, moderator, userId);
        await tx.update(users).set({ verifiedNetwork: null, verifiedAt: null, updatedAt: now }).where(eq(users.id, userId));
        await recordAudit(tx, { actorId: moderator.id, action: 'courier_badge.withdraw', targetType: 'user', targetId: userId, details: { network: row.network, reason } });
        await events.publish('verification.decided', { userId, network: row.network, outcome: 'withdrawn', reason }, tx);
      });
      return { message: VERIFY_MSG.withdrawn };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
