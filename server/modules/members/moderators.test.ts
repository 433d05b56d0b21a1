// Moderators and timed suspensions (issue 18): the authorisation table over every /api/admin route
// (collected as the app is built) and the moderators' forum routes, for guest, unverified, member,
// suspended, moderator and admin; what a moderator's actions really do and audit; the role's grant and
// removal; a timed suspension told at sign-in, lifted at sign-in past its end and by the sweep.
// Issue 28 (moderator bounds): a moderator never acts on an admin, a moderator or themselves, hears the
// change and not the admin record, and suspends accounts for up to 7 days with a reason; longer, until
// lifted, shortening and lifting stay admins'. The security suite's cast has no moderator: these are its
// moderator rows.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZAdminMemberDetail, ZAdminMemberList } from '../../../common/contracts/admin.ts';
import { FORUM_MSG } from '../../../common/rules/forum.ts';
import { londonDateTime, ROLE_MSG } from '../../../common/rules/roles.ts';
import { auditLog, comments, posts, users } from '../../db/schema/index.ts';
import { liftExpiredSuspensions } from '../../identity/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { PASSWORD, post as postAs } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { addCategory, createComment, createPost } from '../../test/forum.ts';
import { call, member, type Member } from '../../test/members.ts';
import { collectedRoutes, resetCollectedRoutes } from '../../test/route-table.ts';

vi.mock('fastify', async (importOriginal) => (await import('../../test/route-table.ts')).collectingFastify(await importOriginal()));

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const MISSING_ID = '999999';
const DAY = 24 * 3_600_000;

/** Every route a moderator may call beyond a member's (common/rules/roles.ts); the rest of /api/admin is admins'. */
const MODERATOR_ROUTES = [
  'GET /api/admin/posts',
  'POST /api/admin/posts/:id/move',
  'GET /api/admin/reports',
  'POST /api/admin/reports/:id/resolve',
  'POST /api/admin/reports/:id/dismiss',
  'POST /api/admin/members/:id/chat-suspension',
  'DELETE /api/admin/members/:id/chat-suspension',
  // Issue 28: up to 7 days, with a reason (the service holds the bounds).
  'POST /api/admin/members/:id/suspension',
  'PUT /api/forum/posts/:id/pin',
  'PUT /api/forum/posts/:id/lock',
  'DELETE /api/admin/uploads/:id',
  // Issue 28: the review queue beside the reports (server/modules/review).
  'GET /api/admin/review',
  'POST /api/admin/review/:id/approve',
  'POST /api/admin/review/:id/reject',
  // Issue 32: the verified courier badge's review.
  'GET /api/admin/courier-verifications',
  'GET /api/admin/courier-verifications/:id/proof',
  'POST /api/admin/courier-verifications/:id/approve',
  'POST /api/admin/courier-verifications/:id/refuse',
  'POST /api/admin/members/:id/courier-badge/withdraw',
];

describe.each(testDatabases)('moderators and timed suspensions on %s', (kind) => {
  let t: TestApp;
  let admin: Member, mod: Member, plain: Member, unverified: Member, suspended: Member;
  let adminRoutes: Array<{ key: string; method: Method; path: string }>;

  const moderator = async () => {
    const m = await member(t);
    await t.database.db.update(users).set({ isModerator: true }).where(eq(users.id, m.id));
    return m;
  };

  beforeAll(async () => {
    resetCollectedRoutes();
    t = await buildTestApp(kind);
    const unique = new Map<string, { key: string; method: Method; path: string }>();
    for (const r of collectedRoutes) {
      const key = `${r.method} ${r.url}`;
      if (!METHODS.has(r.method) || !(r.url.startsWith('/api/admin/') || MODERATOR_ROUTES.includes(key))) continue;
      unique.set(key, { key, method: r.method as Method, path: r.url.replace(/:[A-Za-z0-9_]+/g, MISSING_ID) });
    }
    adminRoutes = [...unique.values()];
    [admin, mod, plain, unverified, suspended] = [await member(t, 'admin'), await moderator(), await member(t), await member(t, 'unverified'), await member(t, 'suspended')];
  }, 180_000);
  afterAll(async () => t?.close());

  const req = (m: Member | undefined, method: Method, path: string, body?: object) => call(t, method, path, { cookie: m?.cookie, body });
  const auditFor = (type: 'user' | 'post' | 'comment' | 'report', id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, String(id))))
      .orderBy(desc(auditLog.id));
  const emailOf = async (id: number) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
  const login = async (id: number) => postAs(t, '/api/auth/login', { email: await emailOf(id), password: PASSWORD });
  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('authorisation table', () => {
    it('covers every moderator route', () => {
      expect(adminRoutes.map((r) => r.key)).toEqual(expect.arrayContaining(MODERATOR_ROUTES));
    });

    it('moderator routes: guest 401, suspended 401, unverified and member 403 "Moderators only", moderator and admin past the guard', async () => {
      const failures: string[] = [];
      for (const r of adminRoutes.filter((x) => MODERATOR_ROUTES.includes(x.key))) {
        for (const [who, m] of [['guest', undefined], ['suspended', suspended]] as const) {
          const res = await req(m, r.method, r.path);
          if (res.statusCode !== 401) failures.push(`${who} ${r.key}: ${res.statusCode}`);
        }
        for (const [who, m] of [['unverified', unverified], ['member', plain]] as const) {
          const res = await req(m, r.method, r.path);
          if (res.statusCode !== 403 || res.json().message !== ROLE_MSG.moderatorsOnly) failures.push(`${who} ${r.key}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
        // Past the guard: the input is looked at (400) or names nothing (404), or a list answers 200.
        for (const [who, m] of [['moderator', mod], ['admin', admin]] as const) {
          const res = await req(m, r.method, r.path);
          if (![200, 400, 404].includes(res.statusCode)) failures.push(`${who} ${r.key}: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('every other /api/admin route refuses a moderator with 403 "Admins only" (lifting a suspension: its own message) before reading input', async () => {
      const failures: string[] = [];
      const others = adminRoutes.filter((x) => !MODERATOR_ROUTES.includes(x.key));
      expect(others.map((r) => r.key)).toEqual(expect.arrayContaining(['GET /api/admin/ads', 'PUT /api/admin/members/:id/role', 'DELETE /api/admin/members/:id/suspension', 'GET /api/admin/members']));
      for (const r of others) {
        const res = await req(mod, r.method, r.path);
        const want = r.key === 'DELETE /api/admin/members/:id/suspension' ? ROLE_MSG.liftAdminsOnly : ROLE_MSG.adminsOnly;
        if (res.statusCode !== 403 || res.json().message !== want) failures.push(`moderator ${r.key}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      expect(failures).toEqual([]);
    });
  });

  describe("a moderator's actions", () => {
    it('pins, locks, moves; deletes anyone\'s post and comment (audited); comments on a locked post; cannot edit others\' posts', async () => {
      const cat = await addCategory(t.database.db, 'Mod one');
      const other = await addCategory(t.database.db, 'Mod two');
      const p = await createPost(t, plain.cookie, cat.id);
      const page = await req(mod, 'GET', `/api/forum/posts/${p.id}`);
      expect(page.json().canModerate).toBe(true);
      expect(page.json().canEdit).toBe(false);
      expect((await req(plain, 'GET', `/api/forum/posts/${p.id}`)).json().canModerate).toBe(false);

      const mine = await createComment(t, plain.cookie, p.id);
      expect((await req(mod, 'PUT', `/api/forum/posts/${p.id}/pin`, { pinned: true })).json().isPinned).toBe(true);
      expect((await req(mod, 'PUT', `/api/forum/posts/${p.id}/lock`, { locked: true })).json().isLocked).toBe(true);
      const moved = await req(mod, 'POST', `/api/admin/posts/${p.id}/move`, { categoryId: other.id });
      expect(moved.statusCode, moved.body).toBe(200);
      // Locked: members may not comment, moderators may (like admins).
      expect((await req(plain, 'POST', `/api/forum/posts/${p.id}/comments`, { content: 'Still open?' })).json().message).toBe(FORUM_MSG.locked);
      const c = await createComment(t, mod.cookie, p.id);

      const edit = await req(mod, 'PATCH', `/api/forum/posts/${p.id}`, { title: 'A moderator rewrote this title' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe(FORUM_MSG.editOwnPost);

      expect((await req(mod, 'DELETE', `/api/forum/comments/${mine.id}`)).statusCode).toBe(200);
      expect((await t.database.db.select().from(comments).where(eq(comments.id, mine.id)))[0]!.deletedAt).not.toBeNull();
      expect((await auditFor('comment', mine.id))[0]).toMatchObject({ action: 'comment.delete', actorId: mod.id });
      // A member still may not delete someone else's comment.
      const res = await req(plain, 'DELETE', `/api/forum/comments/${c.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(FORUM_MSG.deleteOwnComment);

      expect((await req(mod, 'DELETE', `/api/forum/posts/${p.id}`)).statusCode).toBe(200);
      expect((await t.database.db.select().from(posts).where(eq(posts.id, p.id)))[0]!.deletedAt).not.toBeNull();
      expect((await auditFor('post', p.id)).map((r) => [r.action, r.actorId])).toEqual([
        ['post.delete', mod.id],
        ['post.move', mod.id],
        ['post.lock', mod.id],
        ['post.pin', mod.id],
      ]);
    });

    it('resolves a report with the target deleted, and chat-suspends and lifts a member', async () => {
      const cat = await addCategory(t.database.db, 'Reports');
      const p = await createPost(t, plain.cookie, cat.id);
      const reporter = await member(t);
      const made = await req(reporter, 'POST', '/api/reports', { targetType: 'post', targetId: p.id, reason: 'This looks like an advert to me.' });
      expect(made.statusCode, made.body).toBe(201);
      const list = await req(mod, 'GET', '/api/admin/reports');
      expect(list.statusCode).toBe(200);
      // The author's id rides along, for the queue's "Suspend chat".
      expect(list.json().reports.find((r: { id: number }) => r.id === made.json().id).target).toMatchObject({ authorUsername: plain.username, authorId: plain.id });
      const resolved = await req(mod, 'POST', `/api/admin/reports/${made.json().id}/resolve`, { action: 'delete_target', resolution: 'Advert removed' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect((await auditFor('report', made.json().id))[0]).toMatchObject({ action: 'report.resolve', actorId: mod.id });
      expect((await t.database.db.select().from(posts).where(eq(posts.id, p.id)))[0]!.deletedAt).not.toBeNull();

      const target = await member(t);
      const s = await req(mod, 'POST', `/api/admin/members/${target.id}/chat-suspension`, { reason: 'spam' });
      expect(s.statusCode, s.body).toBe(200);
      // A moderator hears the change, never the admin record (issue 28).
      expect(s.json()).toEqual({ id: target.id, username: target.username, chatSuspended: true });
      expect((await req(mod, 'DELETE', `/api/admin/members/${target.id}/chat-suspension`)).json().chatSuspended).toBe(false);
      expect((await auditFor('user', target.id)).map((r) => [r.action, r.actorId])).toEqual([
        ['user.chat_unsuspend', mod.id],
        ['user.chat_suspend', mod.id],
      ]);
    });

    it('a moderator whose role was removed a moment ago is refused inside the action', async () => {
      const m = await moderator();
      await t.database.db.update(users).set({ isModerator: false }).where(eq(users.id, m.id));
      const res = await req(m, 'POST', `/api/admin/members/${plain.id}/chat-suspension`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ROLE_MSG.moderatorsOnly);
    });
  });

  describe('moderator bounds (issue 28)', () => {
    /** What an action could change on a member: none of it may move when a moderator is refused. */
    const stateOf = async (id: number) => {
      const u = await userRow(id);
      return { chat: u.chatSuspendedAt?.toISOString() ?? null, at: u.suspendedAt?.toISOString() ?? null, until: u.suspendedUntil?.toISOString() ?? null, reason: u.suspensionReason };
    };
    const sessionsLive = async (m: Member) => (await req(m, 'GET', '/api/auth/user')).statusCode === 200;

    it('a moderator on an admin, another moderator or themselves: 403 with the message, and nothing changes', async () => {
      const actor = await moderator();
      const [anAdmin, anotherMod] = [await member(t, 'admin'), await moderator()];
      // Chat-suspended beforehand, so the lift would change something if it ran.
      const lifted = await moderator();
      await t.database.db.update(users).set({ chatSuspendedAt: new Date() }).where(eq(users.id, lifted.id));
      const failures: string[] = [];
      for (const [who, target] of [['admin', anAdmin], ['moderator', anotherMod], ['self', actor], ['chat-suspended moderator', lifted]] as const) {
        const before = await stateOf(target.id);
        for (const [method, path, body] of [
          ['POST', 'chat-suspension', { reason: 'spam' }],
          ['DELETE', 'chat-suspension', undefined],
          ['POST', 'suspension', { duration: '1d', reason: 'Spamming the forum' }],
        ] as const) {
          const res = await req(actor, method, `/api/admin/members/${target.id}/${path}`, body);
          if (res.statusCode !== 403 || res.json().message !== ROLE_MSG.moderatorBounds) failures.push(`${who} ${method} ${path}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
        expect(await stateOf(target.id), who).toEqual(before);
        expect(await auditFor('user', target.id), who).toEqual([]);
        expect(await sessionsLive(target), who).toBe(true);
      }
      expect(failures).toEqual([]);
    });

    it("answers a moderator's chat change with the change only, never the admin record", async () => {
      const target = await member(t);
      // Never suspended: the lift changes nothing, and still tells nothing more.
      const lift = await req(mod, 'DELETE', `/api/admin/members/${target.id}/chat-suspension`);
      expect(lift.statusCode, lift.body).toBe(200);
      expect(lift.json()).toEqual({ id: target.id, username: target.username, chatSuspended: false });
      for (const field of ['activeSessions', 'lastSeenAt', 'suspendedAt', 'suspensionReason', 'email', 'isAdmin']) expect(lift.body).not.toContain(field);
      expect(await auditFor('user', target.id)).toEqual([]);
      // An admin's answer is the whole record, as before.
      const adminLift = await req(admin, 'DELETE', `/api/admin/members/${target.id}/chat-suspension`);
      expect(ZAdminMemberDetail.parse(adminLift.json())).toMatchObject({ id: target.id, chatSuspended: false, activeSessions: 1 });
    });

    it('a moderator suspends a member for up to 7 days with a reason: stored, audited, sessions ended; the answer is the change', async () => {
      for (const duration of ['1d', '7d'] as const) {
        const target = await member(t);
        const before = Date.now();
        const res = await req(mod, 'POST', `/api/admin/members/${target.id}/suspension`, { duration, reason: 'Repeated spam links' });
        expect(res.statusCode, res.body).toBe(200);
        const days = duration === '1d' ? 1 : 7;
        const body = res.json();
        expect(body).toEqual({ id: target.id, username: target.username, suspended: true, suspendedUntil: expect.any(String), suspensionReason: 'Repeated spam links' });
        const until = new Date(body.suspendedUntil).getTime();
        expect(until - before).toBeGreaterThanOrEqual(days * DAY);
        expect(until - Date.now()).toBeLessThanOrEqual(days * DAY);
        expect(await auditFor('user', target.id)).toEqual([
          expect.objectContaining({ action: 'user.suspend', actorId: mod.id, details: { username: target.username, duration, until: body.suspendedUntil, reason: 'Repeated spam links' } }),
        ]);
        expect(await sessionsLive(target)).toBe(false);
        expect((await login(target.id)).json().message).toBe(`Your account is suspended until ${londonDateTime(new Date(until))}. Reason: Repeated spam links. Contact support if you think this is a mistake.`);
      }
    });

    it('longer, until lifted, without a reason, shortening and lifting stay with admins; nothing changes', async () => {
      const target = await member(t);
      const url = `/api/admin/members/${target.id}/suspension`;
      for (const body of [{ duration: '30d', reason: 'Spam' }, { duration: 'indefinite', reason: 'Spam' }, { reason: 'Spam' }, undefined]) {
        const res = await req(mod, 'POST', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
        expect(res.json().message).toBe(ROLE_MSG.moderatorSuspensionLength);
      }
      for (const body of [{ duration: '1d' }, { duration: '7d', reason: '   ' }]) {
        const res = await req(mod, 'POST', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(ROLE_MSG.moderatorSuspensionReason);
      }
      expect(await stateOf(target.id)).toEqual({ chat: null, at: null, until: null, reason: null });
      expect(await sessionsLive(target)).toBe(true);
      expect(await auditFor('user', target.id)).toEqual([]);

      // An admin's 30 days: the moderator may neither lift nor shorten it (7 days from now ends sooner).
      expect((await req(admin, 'POST', url, { duration: '30d', reason: 'Scamming members' })).statusCode).toBe(200);
      const held = await stateOf(target.id);
      const lift = await req(mod, 'DELETE', url);
      expect(lift.statusCode).toBe(403);
      expect(lift.json().message).toBe(ROLE_MSG.liftAdminsOnly);
      const shorten = await req(mod, 'POST', url, { duration: '7d', reason: 'Calmer now' });
      expect(shorten.statusCode).toBe(403);
      expect(shorten.json().message).toBe(ROLE_MSG.liftAdminsOnly);
      expect(await stateOf(target.id)).toEqual(held);
      expect((await auditFor('user', target.id)).map((r) => r.actorId)).toEqual([admin.id]);
      // A plain member hears the admins' message as before.
      expect((await req(plain, 'DELETE', url)).json().message).toBe(ROLE_MSG.adminsOnly);
    });

    it('an admin still does all of it: on admins, moderators and members, any length, lifting; the whole record', async () => {
      const [otherAdmin, aMod, aMember] = [await member(t, 'admin'), await moderator(), await member(t)];
      for (const target of [otherAdmin, aMod, aMember]) {
        const chat = await req(admin, 'POST', `/api/admin/members/${target.id}/chat-suspension`, { reason: 'x' });
        expect(ZAdminMemberDetail.parse(chat.json())).toMatchObject({ id: target.id, chatSuspended: true });
        expect((await req(admin, 'DELETE', `/api/admin/members/${target.id}/chat-suspension`)).json()).toMatchObject({ chatSuspended: false, activeSessions: expect.any(Number) });
        const s = await req(admin, 'POST', `/api/admin/members/${target.id}/suspension`, { duration: '30d' });
        expect(ZAdminMemberDetail.parse(s.json())).toMatchObject({ id: target.id, suspended: true, suspensionReason: null });
        const lifted = await req(admin, 'DELETE', `/api/admin/members/${target.id}/suspension`);
        expect(ZAdminMemberDetail.parse(lifted.json())).toMatchObject({ suspended: false });
      }
      // Their own account: as before (chat is theirs to switch off; a site suspension is 409).
      expect((await req(admin, 'POST', `/api/admin/members/${admin.id}/suspension`, { duration: '1d' })).statusCode).toBe(409);
    });
  });

  describe('the moderator role', () => {
    it('admins grant and remove it (audited, shown in the list and on /api/auth/user); no-ops record nothing', async () => {
      const m = await member(t);
      const granted = await req(admin, 'PUT', `/api/admin/members/${m.id}/role`, { role: 'moderator' });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(ZAdminMemberDetail.parse(granted.json())).toMatchObject({ isModerator: true, isAdmin: false });
      expect((await req(m, 'GET', '/api/auth/user')).json()).toMatchObject({ isModerator: true, isAdmin: false });
      // The public profile shows the badge (an admin is not singled out).
      expect((await req(plain, 'GET', `/api/users/${m.username}`)).json().isModerator).toBe(true);
      expect((await req(plain, 'GET', `/api/users/${admin.username}`)).json().isModerator).toBe(false);
      // The member can now use the reports queue.
      expect((await req(m, 'GET', '/api/admin/reports')).statusCode).toBe(200);
      expect((await req(admin, 'PUT', `/api/admin/members/${m.id}/role`, { role: 'moderator' })).statusCode).toBe(200);
      const list = ZAdminMemberList.parse((await req(admin, 'GET', `/api/admin/members?q=${m.username}`)).json());
      expect(list.members.find((x) => x.id === m.id)?.isModerator).toBe(true);
      const mods = ZAdminMemberList.parse((await req(admin, 'GET', '/api/admin/members?status=moderators')).json());
      expect(mods.members.map((x) => x.id)).toContain(m.id);
      expect(mods.members.every((x) => x.isModerator)).toBe(true);

      const removed = await req(admin, 'PUT', `/api/admin/members/${m.id}/role`, { role: 'member' });
      expect(removed.json().isModerator).toBe(false);
      expect((await req(m, 'GET', '/api/admin/reports')).statusCode).toBe(403);
      expect((await auditFor('user', m.id)).map((r) => [r.action, r.actorId])).toEqual([
        ['user.remove_moderator', admin.id],
        ['user.grant_moderator', admin.id],
      ]);
    });

    it('refuses bad input (400), an admin target (409), and anyone but an admin (401/403); nothing changes', async () => {
      const m = await member(t);
      const url = `/api/admin/members/${m.id}/role`;
      const bad = await req(admin, 'PUT', url, { role: 'admin' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(ROLE_MSG.roleInvalid);
      expect((await req(admin, 'PUT', url, {})).statusCode).toBe(400);
      const other = await member(t, 'admin');
      const demote = await req(admin, 'PUT', `/api/admin/members/${other.id}/role`, { role: 'member' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(ROLE_MSG.adminRole);
      expect((await userRow(other.id)).isAdmin).toBe(true);
      expect((await req(undefined, 'PUT', url, { role: 'moderator' })).statusCode).toBe(401);
      for (const who of [plain, unverified, mod]) {
        const res = await req(who, 'PUT', url, { role: 'moderator' });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ROLE_MSG.adminsOnly);
      }
      expect((await req(suspended, 'PUT', url, { role: 'moderator' })).statusCode).toBe(401);
      expect((await userRow(m.id)).isModerator).toBe(false);
      expect(await auditFor('user', m.id)).toEqual([]);
    });
  });

  describe('timed suspensions', () => {
    it('1 day with a reason: stored, audited, sessions ended; sign-in tells the end (London time) and the reason', async () => {
      const m = await member(t);
      const before = Date.now();
      const res = await req(admin, 'POST', `/api/admin/members/${m.id}/suspension`, { duration: '1d', reason: 'Repeated spam links' });
      expect(res.statusCode, res.body).toBe(200);
      const d = ZAdminMemberDetail.parse(res.json());
      expect(d).toMatchObject({ suspended: true, suspensionReason: 'Repeated spam links', activeSessions: 0 });
      const until = new Date(d.suspendedUntil!);
      expect(until.getTime() - before).toBeGreaterThanOrEqual(DAY);
      expect(until.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
      expect((await auditFor('user', m.id))[0]).toMatchObject({
        action: 'user.suspend',
        actorId: admin.id,
        details: { duration: '1d', until: until.toISOString(), reason: 'Repeated spam links' },
      });
      expect((await req(m, 'GET', '/api/auth/user')).statusCode).toBe(401);
      const refused = await login(m.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(`Your account is suspended until ${londonDateTime(until)}. Reason: Repeated spam links. Contact support if you think this is a mistake.`);
      expect(refused.json().message).toMatch(/until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\./);
    });

    it('until lifted, without a reason; a bad duration is a 400 that changes nothing', async () => {
      const m = await member(t);
      const bad = await req(admin, 'POST', `/api/admin/members/${m.id}/suspension`, { duration: '2d' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Duration must be '1d', '7d', '30d' or 'indefinite'");
      expect((await userRow(m.id)).suspendedAt).toBeNull();
      const res = await req(admin, 'POST', `/api/admin/members/${m.id}/suspension`, { duration: 'indefinite' });
      expect(res.json()).toMatchObject({ suspended: true, suspendedUntil: null, suspensionReason: null });
      expect((await login(m.id)).json().message).toBe('Your account is suspended until an admin lifts it. Contact support if you think this is a mistake.');
      // Lifting clears the end and the reason too.
      const lifted = await req(admin, 'DELETE', `/api/admin/members/${m.id}/suspension`);
      expect(lifted.json()).toMatchObject({ suspended: false, suspendedUntil: null, suspensionReason: null });
      expect((await login(m.id)).statusCode).toBe(200);
    });

    it('past its end it no longer applies: sign-in lifts it at once (audited by the system)', async () => {
      const m = await member(t);
      await req(admin, 'POST', `/api/admin/members/${m.id}/suspension`, { duration: '7d', reason: 'Cool off' });
      await t.database.db.update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, m.id));
      const res = await login(m.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(await userRow(m.id)).toMatchObject({ suspendedAt: null, suspendedUntil: null, suspensionReason: null });
      expect((await auditFor('user', m.id))[0]).toMatchObject({ action: 'user.suspension_lifted', actorId: null });
    });

    it('the sweep lifts every expired suspension once, and leaves running and indefinite ones', async () => {
      const [expired, running, forever] = [await member(t), await member(t), await member(t)];
      for (const [m, duration] of [[expired, '1d'], [running, '30d'], [forever, 'indefinite']] as const) {
        expect((await req(admin, 'POST', `/api/admin/members/${m.id}/suspension`, { duration, reason: 'x' })).statusCode).toBe(200);
      }
      await t.database.db.update(users).set({ suspendedUntil: new Date(Date.now() - 60_000) }).where(eq(users.id, expired.id));
      const lifted = await liftExpiredSuspensions(t.database.db, new Date());
      expect(lifted).toContain(expired.id);
      expect(lifted).not.toContain(running.id);
      expect(lifted).not.toContain(forever.id);
      expect((await userRow(expired.id)).suspendedAt).toBeNull();
      expect((await userRow(running.id)).suspendedAt).not.toBeNull();
      expect((await userRow(forever.id)).suspendedAt).not.toBeNull();
      expect(await liftExpiredSuspensions(t.database.db, new Date())).toEqual([]);
      expect((await auditFor('user', expired.id)).filter((r) => r.action === 'user.suspension_lifted')).toHaveLength(1);
      // Run 30 days on (fake time): the 30-day one ends too, the indefinite one never.
      const later = await liftExpiredSuspensions(t.database.db, new Date(Date.now() + 31 * DAY));
      expect(later).toContain(running.id);
      expect(later).not.toContain(forever.id);
      expect((await login(expired.id)).statusCode).toBe(200);
    });
  });
});
