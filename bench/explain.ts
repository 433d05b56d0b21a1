// Query plans for the report: the app is built in-process on a Drizzle instance whose logger records
// every statement one request runs; each SELECT is then run again under EXPLAIN (ANALYZE, BUFFERS), with
// the same `SET LOCAL`s it ran under, in a transaction that is rolled back.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp, type App } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database, Db } from '../server/db/client.ts';
import * as schema from '../server/db/schema/index.ts';

type Statement = { sql: string; params: unknown[]; setLocal: string[] };

export type ExplainedStatement = { sql: string; executionMs: number; planningMs: number; plan: string };

export type Explainer = {
  /** Runs one request and explains the SELECTs it ran. */
  explain(path: string, headers?: Record<string, string>): Promise<{ status: number; statements: ExplainedStatement[] }>;
  close(): Promise<void>;
};

/** `uncached`: the guest cache keeps nothing, so a guest's request runs its statements (else a warm cache answers it). */
export async function createExplainer(url: string, opts: { uncached?: boolean } = {}): Promise<Explainer> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let log: Statement[] | null = null;
  let setLocal: string[] = [];
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery(query, params) {
        if (!log) return;
        const q = query.trim().toLowerCase();
        if (q === 'begin' || q === 'commit' || q === 'rollback') setLocal = [];
        else if (q.startsWith('set local')) setLocal.push(query);
        else log.push({ sql: query, params, setLocal: [...setLocal] });
      },
    },
  }) as unknown as Db;
  const database: Database = { db, kind: 'postgres', ping: async () => void (await pool.query('select 1')), close: () => pool.end() };
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_DEMO: '0' });
  const app: App = await buildApp({ config, database, guestCacheTtlMs: opts.uncached ? 0 : undefined });
  await app.ready();

  const explainOne = async (s: Statement): Promise<ExplainedStatement> => {
    const client = await pool.connect();
    const run = async (options: string) => {
      await client.query('begin');
      for (const set of s.setLocal) await client.query(set);
      const res = await client.query(`explain (${options}) ${s.sql}`, s.params);
      await client.query('rollback');
      const text = res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      const ms = (label: string) => Number(new RegExp(`${label}: ([\\d.]+) ms`).exec(text)?.[1] ?? NaN);
      return { text, executionMs: ms('Execution Time'), planningMs: ms('Planning Time') };
    };
    try {
      // The times: the best of three runs without per-node timing (whose clock calls would add to them on a
      // busy machine), after a warm-up run. The plan shown: one more run with per-node timing and buffers.
      const timed = [];
      for (let i = 0; i < 4; i++) timed.push(await run('analyze, timing off'));
      const best = timed.slice(1).reduce((a, b) => (b.executionMs < a.executionMs ? b : a));
      const shown = await run('analyze, buffers');
      return { sql: s.sql, executionMs: best.executionMs, planningMs: best.planningMs, plan: shown.text };
    } finally {
      client.release();
    }
  };

  return {
    async explain(path, headers = {}) {
      await app.inject({ method: 'GET', url: path, headers }); // warm: first-request work out of the way
      log = [];
      const res = await app.inject({ method: 'GET', url: path, headers });
      const captured = log;
      log = null;
      // A UNION of selects starts with its first one in parentheses.
      const selects = captured.filter((s) => /^\s*\(?\s*(select|with)\b/i.test(s.sql));
      const statements: ExplainedStatement[] = [];
      for (const s of selects) statements.push(await explainOne(s));
      return { status: res.statusCode, statements };
    },
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
