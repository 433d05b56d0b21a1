import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS, SUPPORT_MSG } from '../../../common/rules/support.ts';
import { auditLog, supportTickets, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { freshIp, get, mailsTo, post, signUp, unique } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from './service.ts';

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pat Guest',
  email: `${unique('guest')}@example.test`,
  subject: 'Code not arriving',
  message: 'I registered an hour ago and no verification code has arrived yet.',
  ...overrides,
});

describe.each(testDatabases)('support (%s)', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signUp(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    member = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ticketCount = async () => (await t.database.db.select().from(supportTickets)).length;

  describe('POST /api/support', () => {
    it.each<[string, string, Record<string, unknown>]>([
      ['name', SUPPORT_MSG.nameRequired, { name: '' }],
      ['name', SUPPORT_MSG.nameRequired, { name: '   ' }],
      ['name', SUPPORT_MSG.nameMax, { name: 'x'.repeat(101) }],
      ['email', 'Invalid email address', { email: 'not-an-email' }],
      ['subject', SUPPORT_MSG.subjectMin, { subject: 'Hi' }],
      ['subject', SUPPORT_MSG.subjectMax, { subject: 'x'.repeat(151) }],
      ['message', SUPPORT_MSG.messageMin, { message: 'too short' }],
      ['message', SUPPORT_MSG.messageMax, { message: 'x'.repeat(5001) }],
      ['message', SUPPORT_MSG.messageMin, { message: undefined }],
    ])('refuses a bad %s (%s) and creates nothing', async (field, message, override) => {
      const before = await ticketCount();
      const res = await post(t, '/api/support', form(override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
      expect(await ticketCount()).toBe(before);
    });

    it('takes a guest message, answers with the ticket number and mails a confirmation with only that number', async () => {
      const body = form({ email: `  ${unique('Guest')}@Example.test ` });
      const res = await post(t, '/api/support', body);
      expect(res.statusCode).toBe(201);
      const { id, message } = res.json();
      expect(message).toBe(SUPPORT_MSG.received);
      expect(id).toEqual(expect.any(Number));
      const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
      expect(row).toMatchObject({ userId: null, name: 'Pat Guest', email: body.email.trim().toLowerCase(), subject: body.subject, message: body.message, status: 'open' });
      const [mail] = await mailsTo(t, row.email);
      expect(mail.kind).toBe('support_received');
      expect(mail.subject).toBe(`We've received your message (ticket #${id})`);
      expect(mail.text).not.toContain(body.message);
      expect(mail.text).toContain(`#${id}`);
      expect(mail.html).toContain(`#${id}`);
    });

    it("links a signed-in member's ticket to the account", async () => {
      const res = await post(t, '/api/support', form({ email: member.email, name: 'Sam Driver' }), { cookie: member.cookie });
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().id));
      expect(row.userId).toBe(member.id);
    });

    it('puts none of the sender\'s words in the confirmation: the form is no relay for a stranger\'s text', async () => {
      // Each field carries the marker, bare and as its HTML escape would show it.
      const marker = 'Zq7PhishMarker';
      const body = form({
        name: `${marker} <b>Security Team</b>`,
        subject: `${marker}: your account is locked`,
        message: `${marker} Your account is locked. Verify at https://evil.example/${marker} & <script>alert(1)</script>`,
      });
      const res = await post(t, '/api/support', body);
      expect(res.statusCode).toBe(201);
      const [mail] = await mailsTo(t, body.email);
      expect(mail.kind).toBe('support_received');
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.toLowerCase()).not.toContain(marker.toLowerCase());
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('Security Team');
        expect(part).not.toContain('script');
      }
      expect(mail.text).toMatch(/^Hello,/);
      // The ticket itself keeps every word for the desk.
      const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, res.json().id));
      expect(row).toMatchObject({ name: body.name, subject: body.subject, message: body.message });
    });

    it(`confirms at most ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} tickets a day to one address; later tickets are stored and answered the same, unmailed`, async () => {
      const email = `${unique('target')}@example.test`;
      const ids: number[] = [];
      // Each from its own address, as a relay using many would: the cap is per recipient.
      for (let i = 0; i < CONFIRMATIONS_PER_ADDRESS_PER_DAY + 2; i++) {
        const res = await post(t, '/api/support', form({ email: i % 2 ? email.toUpperCase() : email }));
        expect(res.statusCode).toBe(201);
        expect(res.json().message).toBe(SUPPORT_MSG.received);
        ids.push(res.json().id);
      }
      const rows = await t.database.db.select().from(supportTickets).where(eq(supportTickets.email, email));
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY);
      expect(mails.map((m) => m.subject).reverse()).toEqual(ids.slice(0, CONFIRMATIONS_PER_ADDRESS_PER_DAY).map((id) => `We've received your message (ticket #${id})`));

      // A day on, the address is confirmed again.
      await t.database.db
        .update(supportTickets)
        .set({ createdAt: sql`created_at - interval '25 hours'` })
        .where(eq(supportTickets.email, email));
      const next = await post(t, '/api/support', form({ email }));
      expect(next.statusCode).toBe(201);
      expect(await mailsTo(t, email)).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY + 1);
      expect((await mailsTo(t, email))[0].subject).toBe(`We've received your message (ticket #${next.json().id})`);
    });

    it('allows 5 messages an hour per address, then 429 with a clear message', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await post(t, '/api/support', form(), { ip })).statusCode).toBe(201);
      const before = await ticketCount();
      const res = await post(t, '/api/support', form(), { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(SUPPORT_MSG.rateLimited);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await ticketCount()).toBe(before);
      // Another address is not held back.
      expect((await post(t, '/api/support', form())).statusCode).toBe(201);
    });

    it('keeps the per-IP limit when the client sends a different X-Forwarded-For each time', async () => {
      // An app that, as by default, believes no forwarded header (TRUST_PROXY unset).
      const direct = await buildTestApp(kind, { TRUST_PROXY: '' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < SUPPORT_LIMITS.perIpPerHour + 2; i++) statuses.push((await post(direct, '/api/support', form(), { ip: freshIp() })).statusCode);
        expect(statuses).toEqual([...Array(SUPPORT_LIMITS.perIpPerHour).fill(201), 429, 429]);
      } finally {
        await direct.close();
      }
    });
  });

  describe('admin routes', () => {
    let ticketId: number;
    beforeAll(async () => {
      ticketId = (await post(t, '/api/support', form())).json().id;
    });

    const routes = () => [
      ['GET', '/api/admin/support'],
      ['GET', `/api/admin/support/${ticketId}`],
      ['POST', `/api/admin/support/${ticketId}/reply`, { body: 'Hello' }],
      ['POST', `/api/admin/support/${ticketId}/notes`, { body: 'Hello' }],
      ['POST', `/api/admin/support/${ticketId}/close`],
      ['POST', `/api/admin/support/${ticketId}/reopen`],
    ] as const;

    it('answers 401 to a guest and 403 to a member on every route, changing nothing', async () => {
      const before = (await t.outbox()).length;
      for (const [method, url, payload] of routes()) {
        const guest = method === 'GET' ? await get(t, url) : await post(t, url, payload);
        expect(guest.statusCode, `${method} ${url}`).toBe(401);
        const asMember = method === 'GET' ? await get(t, url, member.cookie) : await post(t, url, payload, { cookie: member.cookie });
        expect(asMember.statusCode, `${method} ${url}`).toBe(403);
        expect(asMember.json().message).toBe('Admins only');
      }
      const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
      expect(row.status).toBe('open');
      expect((await t.outbox()).length).toBe(before);
    });

    it('lets an admin list by status with counts, and read a ticket', async () => {
      const list = await get(t, '/api/admin/support?status=open', admin.cookie);
      expect(list.statusCode).toBe(200);
      const body = list.json();
      expect(body.tickets.some((x: { id: number }) => x.id === ticketId)).toBe(true);
      expect(body.tickets.every((x: { status: string }) => x.status === 'open')).toBe(true);
      expect(body.counts.open).toBe(await ticketCount());
      expect(body.counts).toMatchObject({ answered: 0, closed: 0 });
      const memberTicket = body.tickets.find((x: { user: unknown }) => x.user);
      expect(memberTicket.user).toEqual({ id: member.id, username: member.username });

      const one = await get(t, `/api/admin/support/${ticketId}`, admin.cookie);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: ticketId, status: 'open', subject: 'Code not arriving', entries: [] });
      expect((await get(t, '/api/admin/support/999999', admin.cookie)).statusCode).toBe(404);
    });

    it('mails a reply and marks the ticket answered; a note is never mailed', async () => {
      const [ticket] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
      const mailsBefore = (await mailsTo(t, ticket.email)).length;

      const empty = await post(t, `/api/admin/support/${ticketId}/reply`, { body: '   ' }, { cookie: admin.cookie });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(SUPPORT_MSG.replyRequired);

      const note = await post(t, `/api/admin/support/${ticketId}/notes`, { body: 'Checked the outbox: code was sent at 10:02.' }, { cookie: admin.cookie });
      expect(note.statusCode).toBe(200);
      expect(note.json()).toMatchObject({ status: 'open', entries: [{ kind: 'note', body: 'Checked the outbox: code was sent at 10:02.', author: { id: admin.id, username: admin.username } }] });
      expect((await mailsTo(t, ticket.email)).length).toBe(mailsBefore);

      const reply = await post(t, `/api/admin/support/${ticketId}/reply`, { body: 'Your code is on its way — check the spam folder too.' }, { cookie: admin.cookie });
      expect(reply.statusCode).toBe(200);
      expect(reply.json().status).toBe('answered');
      expect(reply.json().entries.map((e: { kind: string }) => e.kind)).toEqual(['note', 'reply']);
      const mails = await mailsTo(t, ticket.email);
      expect(mails.length).toBe(mailsBefore + 1);
      expect(mails[0]).toMatchObject({ kind: 'support_reply', subject: `Re: Code not arriving (ticket #${ticketId})` });
      expect(mails[0].text).toContain('Your code is on its way — check the spam folder too.');
      expect(mails[0].text).not.toContain('Checked the outbox');

      const counts = (await get(t, '/api/admin/support?status=answered', admin.cookie)).json();
      expect(counts.tickets.map((x: { id: number }) => x.id)).toEqual([ticketId]);
      expect(counts.counts.answered).toBe(1);
    });

    it('closes and reopens, each once, and audits every action', async () => {
      const close = await post(t, `/api/admin/support/${ticketId}/close`, undefined, { cookie: admin.cookie });
      expect(close.statusCode).toBe(200);
      expect(close.json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
      const again = await post(t, `/api/admin/support/${ticketId}/close`, undefined, { cookie: admin.cookie });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SUPPORT_MSG.alreadyClosed);

      const reopen = await post(t, `/api/admin/support/${ticketId}/reopen`, undefined, { cookie: admin.cookie });
      expect(reopen.statusCode).toBe(200);
      expect(reopen.json()).toMatchObject({ status: 'open', closedAt: null });
      expect((await post(t, `/api/admin/support/${ticketId}/reopen`, undefined, { cookie: admin.cookie })).statusCode).toBe(409);
      expect((await post(t, '/api/admin/support/999999/close', undefined, { cookie: admin.cookie })).statusCode).toBe(404);

      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, String(ticketId))).orderBy(desc(auditLog.id));
      expect(audit.map((a) => a.action)).toEqual(['ticket.reopen', 'ticket.close', 'ticket.reply', 'ticket.note']);
      expect(audit.every((a) => a.actorId === admin.id && a.targetType === 'ticket')).toBe(true);
    });
  });
});
