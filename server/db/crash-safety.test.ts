import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const ITERATIONS = 8;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-crash-'));
const dataDir = path.join(root, 'data');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/**
 * Runs the writer on dataDir and SIGKILLs it `ms` after it starts, or after its first acknowledged
 * write when `afterFirstWrite`; returns the ids it saw committed.
 */
function writeThenKill(ms: number, afterFirstWrite: boolean) {
  return new Promise<{ acked: number[]; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crash-writer.fixture.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const killLater = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), ms));
    if (!afterFirstWrite) killLater();
    child.stdout.on('data', (d) => {
      out += d;
      if (afterFirstWrite && out.includes('\n')) killLater();
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', () => {
      clearTimeout(timer);
      // A line is acknowledged only when complete: the kill may cut the last one short.
      const acked = out.split('\n').slice(0, -1).map(Number);
      resolve({ acked, stderr });
    });
  });
}

it(`loses no acknowledged write when killed -9 at random moments (${ITERATIONS} times)`, { timeout: 180_000 }, async () => {
  const acked: number[] = [];
  let killedStarting = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    // Every other run dies at a random moment of start-up (creating the cluster, recovery,
    // migrations: the first run creates it), the others in the middle of writing.
    const run = i % 2 === 0 ? await writeThenKill(200 + Math.random() * 3000, false) : await writeThenKill(Math.random() * 1500, true);
    // The writer only prints when it opened: a start it could not make would show here.
    expect(run.stderr).not.toMatch(/could not be opened|Error/);
    acked.push(...run.acked);
    if (!run.acked.length) killedStarting++;
  }
  console.log(`kill -9 loop: ${ITERATIONS} iterations (${killedStarting} killed before their first write), ${acked.length} acknowledged writes`);
  expect(acked.length).toBeGreaterThan(0);

  const database = await openDatabase({ dataDir });
  try {
    const { rows } = (await database.db.execute(sql`select id from crash_probe`)) as unknown as { rows: Array<{ id: number }> };
    const present = new Set(rows.map((r) => Number(r.id)));
    const lost = acked.filter((id) => !present.has(id));
    console.log(`kill -9 loop: ${lost.length} lost`);
    expect(lost).toEqual([]);
  } finally {
    await database.close();
  }
  expect(fs.existsSync(path.join(dataDir, 'kerbside.lock'))).toBe(false);
});
