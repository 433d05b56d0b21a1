import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { newUser, post } from '../../test/auth.ts';
import { testDatabases } from '../../test/databases.ts';
import { startSmtpSink, waitFor, type SmtpSink } from '../../test/smtp-sink.ts';

describe.each(testDatabases)('mail over real SMTP (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: 'Kerbside <no-reply@kerbside.test>' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('delivers the verification code, which then verifies the account', async () => {
    const u = newUser();
    expect((await post(t, '/api/auth/register', u)).statusCode).toBe(201);
    const message = await waitFor(() => sink.received.find((m) => m.to.includes(u.email)));
    expect(message.raw).toContain('Subject: Your Kerbside verification code');
    const code = /verification code is: (\d{6})/.exec(message.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const res = await post(t, '/api/auth/verify-code', { email: u.email, code });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(emails).where(eq(emails.to, u.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('keeps a refused mail pending with its error for the retry loop, never silently dropped', async () => {
    sink.state.rejecting = true;
    const u = newUser();
    expect((await post(t, '/api/auth/register', u)).statusCode).toBe(201);
    const failed = await waitFor(async () => {
      const [row] = await t.database.db.select().from(emails).where(eq(emails.to, u.email));
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.error).toMatch(/550|Mailbox unavailable/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // The next round of the retry loop delivers it once the server accepts again.
    sink.state.rejecting = false;
    await t.database.db.update(emails).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emails.id, failed.id));
    await t.app.deps.mailer.deliverDue();
    const [sent] = await t.database.db.select().from(emails).where(eq(emails.id, failed.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(sink.received.some((m) => m.to.includes(u.email))).toBe(true);
  });
});
