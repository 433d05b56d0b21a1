import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPendingVerification, TVerificationStatus } from '../../../common/contracts/courier.ts';
import { VERIFY_MSG } from '../../../common/rules/courier.ts';
import { courierVerifications, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { PASSWORD } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createPost } from '../../test/forum.ts';
import { cameraJpeg, hasGpsIfd, png } from '../../test/images.ts';
import { call, lastAudit, member, type Member } from '../../test/members.ts';

// The verified courier badge (issue 32 item 2). The attackers: a member sending a forged or oversized
// "photo", a moderator deciding their own request, anyone else reaching a proof.

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe.each(testDatabases)('verified courier badge (%s)', (kind) => {
  let t: TestApp;
  let driver: Member;
  let moderator: Member;
  let other: Member;
  let photo: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    driver = await member(t);
    other = await member(t);
    moderator = await member(t);
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    photo = dataUrl('image/jpeg', await cameraJpeg(1200, 800));
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (who: Member | undefined, body: object) => call(t, 'POST', '/api/profile/courier/verification', { cookie: who?.cookie, body });
  const status = async (who: Member) => (await call(t, 'GET', '/api/profile/courier/verification', { cookie: who.cookie })).json() as TVerificationStatus;
  const queue = async (who: Member = moderator) => (await call(t, 'GET', '/api/admin/courier-verifications', { cookie: who.cookie })).json().requests as TPendingVerification[];

  it('a guest 401, an unverified member 403; bad proof is refused with its message and stores nothing', async () => {
    expect((await ask(undefined, { network: 'evri', proof: photo })).statusCode).toBe(401);
    expect((await ask(await member(t, 'unverified'), { network: 'evri', proof: photo })).statusCode).toBe(403);
    const bad: Array<[object, number, string]> = [
      [{ network: 'evri' }, 400, VERIFY_MSG.proofMissing],
      [{ network: 'tesco', proof: photo }, 400, 'Choose networks from the list'],
      [{ network: 'evri', proof: 'https://example.com/me.jpg' }, 400, VERIFY_MSG.proofType],
      [{ network: 'evri', proof: dataUrl('image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')) }, 400, VERIFY_MSG.proofType],
      // A script calling itself a JPEG: the bytes decide.
      [{ network: 'evri', proof: dataUrl('image/jpeg', Buffer.from('<script>alert(1)</script>')) }, 400, VERIFY_MSG.proofType],
      [{ network: 'evri', proof: `data:image/png;base64,${'A'.repeat(11_185_000)}` }, 413, VERIFY_MSG.proofTooLarge],
    ];
    for (const [body, code, message] of bad) {
      const res = await ask(other, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 60)} ${res.body.slice(0, 200)}`).toBe(code);
      expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(courierVerifications).where(eq(courierVerifications.userId, other.id))).toEqual([]);
  });

  it('a request keeps only the re-encoded pixels (no location), waits alone, and shows in the moderators’ queue only', async () => {
    const jpeg = await cameraJpeg(1200, 800);
    expect(hasGpsIfd(jpeg)).toBe(true);
    const res = await ask(driver, { network: 'evri', proof: dataUrl('image/jpeg', jpeg) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: VERIFY_MSG.requested, badge: null, pending: { network: 'evri' } });
    expect((await ask(driver, { network: 'dpd', proof: photo })).statusCode).toBe(409);
    const [row] = await t.database.db.select().from(courierVerifications).where(eq(courierVerifications.userId, driver.id));
    const stored = Buffer.from(row!.proof!, 'base64');
    expect(stored.subarray(8, 12).toString()).toBe('WEBP');
    expect(hasGpsIfd(stored)).toBe(false);

    expect((await call(t, 'GET', '/api/admin/courier-verifications', { cookie: other.cookie })).statusCode).toBe(403);
    const waiting = (await queue()).find((r) => r.member.id === driver.id)!;
    expect(waiting).toMatchObject({ network: 'evri', member: { username: driver.username } });
    expect(JSON.stringify(await queue())).not.toContain(row!.proof!.slice(0, 40));
    // The proof: moderators only, never cached, never anything a browser would run.
    expect((await call(t, 'GET', `/api/admin/courier-verifications/${waiting.id}/proof`, { cookie: driver.cookie })).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/admin/courier-verifications/${waiting.id}/proof`)).statusCode).toBe(401);
    const proof = await call(t, 'GET', `/api/admin/courier-verifications/${waiting.id}/proof`, { cookie: moderator.cookie });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect(proof.rawPayload.equals(stored)).toBe(true);
    // Nothing of it is ever served under /uploads.
    expect((await call(t, 'GET', `/uploads/${waiting.id}/full.webp`)).statusCode).toBe(404);
  });

  it('approving gives the badge everyone sees, deletes the proof and is audited; a decided request cannot be decided again', async () => {
    const waiting = (await queue()).find((r) => r.member.id === driver.id)!;
    const res = await call(t, 'POST', `/api/admin/courier-verifications/${waiting.id}/approve`, { cookie: moderator.cookie });
    expect(res.json()).toEqual({ message: VERIFY_MSG.approved });
    const [row] = await t.database.db.select().from(courierVerifications).where(eq(courierVerifications.id, waiting.id));
    expect(row).toMatchObject({ status: 'approved', proof: null, decidedBy: moderator.id });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'courier_badge.approve', targetType: 'user', targetId: String(driver.id), details: { network: 'evri', request: waiting.id } });
    expect((await call(t, 'POST', `/api/admin/courier-verifications/${waiting.id}/approve`, { cookie: moderator.cookie })).statusCode).toBe(409);
    expect((await call(t, 'GET', `/api/admin/courier-verifications/${waiting.id}/proof`, { cookie: moderator.cookie })).statusCode).toBe(404);

    const mine = await status(driver);
    expect(mine.badge).toMatchObject({ network: 'evri' });
    expect(mine.lastDecision).toMatchObject({ status: 'approved', network: 'evri', reason: null });
    // Beside their posts for every reader, on their profile and their directory card.
    const categoryId = (await addCategory(t.database.db)).id;
    const post = await createPost(t, driver.cookie, categoryId);
    expect((await call(t, 'GET', `/api/forum/posts/${post.id}`)).json().author.verified).toEqual({ network: 'evri', since: mine.badge!.since });
    expect((await call(t, 'GET', `/api/users/${driver.username}`, { cookie: other.cookie })).json().verified).toMatchObject({ network: 'evri' });
    const bell = (await call(t, 'GET', '/api/forum/notifications', { cookie: driver.cookie })).json() as Array<{ title: string }>;
    expect(bell[0]!.title).toBe('You are a Verified Evri courier');
  });

  it('refusing needs a reason, tells the member, deletes the proof; nobody decides their own request', async () => {
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, other.id));
    expect((await ask(other, { network: 'dpd', proof: photo })).statusCode).toBe(201);
    const waiting = (await queue()).find((r) => r.member.id === other.id)!;
    const own = await call(t, 'POST', `/api/admin/courier-verifications/${waiting.id}/approve`, { cookie: other.cookie });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(VERIFY_MSG.ownRequest);
    // Another moderator's request is an admin's to decide (issue 28's bounds).
    const bounded = await call(t, 'POST', `/api/admin/courier-verifications/${waiting.id}/approve`, { cookie: moderator.cookie });
    expect(bounded.statusCode).toBe(403);
    expect(bounded.json().message).toBe('Moderators cannot act on admins, moderators or themselves');
    await t.database.db.update(users).set({ isModerator: false }).where(eq(users.id, other.id));
    expect((await call(t, 'POST', `/api/admin/courier-verifications/${waiting.id}/refuse`, { cookie: moderator.cookie, body: { reason: '  ' } })).json().message).toBe(VERIFY_MSG.reasonRequired);
    const res = await call(t, 'POST', `/api/admin/courier-verifications/${waiting.id}/refuse`, { cookie: moderator.cookie, body: { reason: 'The name on the payslip is covered' } });
    expect(res.json()).toEqual({ message: VERIFY_MSG.refused });
    expect((await status(other)).lastDecision).toMatchObject({ status: 'refused', reason: 'The name on the payslip is covered' });
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, other.id));
    expect((await status(other)).badge).toBeNull();
    const [row] = await t.database.db.select().from(courierVerifications).where(eq(courierVerifications.id, waiting.id));
    expect(row!.proof).toBeNull();
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'courier_badge.refuse', details: { reason: 'The name on the payslip is covered' } });
    await t.database.db.update(users).set({ isModerator: false }).where(eq(users.id, other.id));
  });

  it('a member cancels their request (the proof goes) and sends at most 3 a day', async () => {
    const m = await member(t);
    expect((await ask(m, { network: 'yodel', proof: photo })).statusCode).toBe(201);
    expect((await call(t, 'DELETE', '/api/profile/courier/verification', { cookie: m.cookie })).json()).toEqual({ message: VERIFY_MSG.cancelled });
    expect((await call(t, 'DELETE', '/api/profile/courier/verification', { cookie: m.cookie })).statusCode).toBe(404);
    expect((await t.database.db.select().from(courierVerifications).where(eq(courierVerifications.userId, m.id)))[0]).toMatchObject({ status: 'cancelled', proof: null });
    expect((await ask(m, { network: 'yodel', proof: dataUrl('image/png', await png()) })).statusCode).toBe(201);
    expect((await call(t, 'DELETE', '/api/profile/courier/verification', { cookie: m.cookie })).statusCode).toBe(200);
    expect((await ask(m, { network: 'yodel', proof: photo })).statusCode).toBe(201);
    expect((await call(t, 'DELETE', '/api/profile/courier/verification', { cookie: m.cookie })).statusCode).toBe(200);
    const fourth = await ask(m, { network: 'yodel', proof: photo });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(VERIFY_MSG.tooMany);
  });

  it('a moderator withdraws a badge with a reason (audited); a member can take their own off; deleting the account clears both', async () => {
    expect((await call(t, 'POST', `/api/admin/members/${driver.id}/courier-badge/withdraw`, { cookie: other.cookie, body: { reason: 'x' } })).statusCode).toBe(403);
    const res = await call(t, 'POST', `/api/admin/members/${driver.id}/courier-badge/withdraw`, { cookie: moderator.cookie, body: { reason: 'Left Evri in October' } });
    expect(res.json()).toEqual({ message: VERIFY_MSG.withdrawn });
    expect(await lastAudit(t.database.db)).toMatchObject({ action: 'courier_badge.withdraw', targetId: String(driver.id), details: { network: 'evri', reason: 'Left Evri in October' } });
    expect((await status(driver)).badge).toBeNull();
    expect((await call(t, 'POST', `/api/admin/members/${driver.id}/courier-badge/withdraw`, { cookie: moderator.cookie, body: { reason: 'again' } })).statusCode).toBe(404);

    await t.database.db.update(users).set({ verifiedNetwork: 'dpd', verifiedAt: new Date() }).where(eq(users.id, other.id));
    expect((await call(t, 'DELETE', '/api/profile/courier/badge', { cookie: other.cookie })).json()).toEqual({ message: VERIFY_MSG.badgeRemoved });
    expect((await call(t, 'DELETE', '/api/profile/courier/badge', { cookie: other.cookie })).statusCode).toBe(404);

    const leaving = await member(t);
    expect((await ask(leaving, { network: 'evri', proof: photo })).statusCode).toBe(201);
    await t.database.db.update(users).set({ verifiedNetwork: 'dpd', verifiedAt: new Date() }).where(eq(users.id, leaving.id));
    expect((await call(t, 'DELETE', '/api/profile', { cookie: leaving.cookie, body: { password: PASSWORD } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(courierVerifications).where(eq(courierVerifications.userId, leaving.id))).toEqual([]);
    const [row] = await t.database.db.select({ n: users.verifiedNetwork }).from(users).where(eq(users.id, leaving.id));
    expect(row!.n).toBeNull();
  });
});
