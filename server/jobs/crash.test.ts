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

// Issue 29: a process killed (-9) after its writes committed and before their side effects ran loses
// none of them: the outbox rows committed with the comments, and the next start delivers each once.

const COMMENTS = 20;

it('kill -9 between commit and fan-out: after a restart every comment’s notification arrives, once', { timeout: 120_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-crash-jobs-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crash-writer.fixture.ts'), dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    const { authorId } = JSON.parse(out.trim()) as { authorId: number };

    const database = await openDatabase({ dataDir });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0' });
    const app = await buildApp({ config, database, settleJobs: false });
    try {
      const mine = () => database.db.select().from(notifications).where(and(eq(notifications.userId, authorId), eq(notifications.type, 'comment')));
      expect(await mine()).toHaveLength(0); // nothing was fanned out before the crash
      await app.ready(); // starts the runner, as a restart does
      for (let i = 0; i < 200 && (await mine()).length < COMMENTS; i++) await new Promise((r) => setTimeout(r, 50));
      await app.jobs.settled();
      expect(await mine()).toHaveLength(COMMENTS);
      const left = await database.db.select().from(jobs).where(eq(jobs.name, 'event:comment.created:notifications'));
      expect(left.map((j) => j.state)).toEqual(Array(COMMENTS).fill('done'));
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
