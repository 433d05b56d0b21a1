import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { jobs, notifications } from '../db/schema/index.ts';
import { browserSubscription, decryptPush, PUSH_TEST_HOST, startPushService } from '../test/push-service.ts';

// Issue 29: a process killed (-9) after its writes committed and before their side effects ran loses
// none of them: the outbox rows committed with the comments and the chat message, and the next start
// delivers each once (the notifications, and the message's push to the recipient's phone).

const COMMENTS = 20;

it('kill -9 between commit and fan-out: after a restart every comment’s notification and the chat message’s push arrive, once', { timeout: 120_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-crash-jobs-'));
  const ps = await startPushService();
  const phone = browserSubscription(`https://${PUSH_TEST_HOST}/wpush/crash-recipient`);
  try {
    const fixture = path.join(import.meta.dirname, 'crash-writer.fixture.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, JSON.stringify(phone.json)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    const { authorId, senderName } = JSON.parse(out.trim()) as { authorId: number; senderName: string };

    const database = await openDatabase({ dataDir });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0', PUSH_ENDPOINT_HOSTS: PUSH_TEST_HOST });
    const app = await buildApp({ config, database, settleJobs: false, push: { agent: ps.agent, retryBaseMs: 20, timeoutMs: 2_000 } });
    try {
      const mine = () => database.db.select().from(notifications).where(and(eq(notifications.userId, authorId), eq(notifications.type, 'comment')));
      expect(await mine()).toHaveLength(0); // nothing was fanned out before the crash
      // The push was queued with the message, not sent.
      expect((await database.db.select().from(jobs).where(eq(jobs.name, 'chat.push'))).map((j) => j.state)).toEqual(['pending']);
      expect(ps.received).toHaveLength(0);
      await app.ready(); // starts the runner, as a restart does
      for (let i = 0; i < 200 && (await mine()).length < COMMENTS; i++) await new Promise((r) => setTimeout(r, 50));
      await app.jobs.settled();
      expect(await mine()).toHaveLength(COMMENTS);
      const left = await database.db.select().from(jobs).where(eq(jobs.name, 'event:comment.created:notifications'));
      expect(left.map((j) => j.state)).toEqual(Array(COMMENTS).fill('done'));
      await ps.until(1);
      await app.jobs.settled();
      expect(ps.received).toHaveLength(1);
      expect(JSON.parse(decryptPush(ps.received[0]!.body, phone))).toMatchObject({ title: `New message from ${senderName}`, body: 'Sent just before the crash' });
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await ps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
