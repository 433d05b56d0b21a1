import type Argon2 from 'argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';
import type { Db, Tx } from '../client.ts';
import { categories, posts, users } from '../schema/index.ts';
import { CATEGORIES } from './categories.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-members.ts';

export type SeedSummary = { categories: number; users: number; posts: number; comments: number };
export type SeedLog = { info(message: string): void };

// Same parameters as the auth module (OWASP: argon2id, m=19 MiB, t=2, p=1). Hashed here, once, for
// every demo account, so seeding does not wait on 31 hashes and does not depend on the auth module.
const ARGON2_OPTIONS = { type: 2 satisfies typeof Argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** Only demo mode hashes: a start without it does not load argon2 (lib/lazy-require.ts). */
const argon2 = lazyRequire<typeof Argon2>('argon2');

// Several processes may start at once (cluster primary, two app servers on one PostgreSQL): the
// transaction-scoped advisory lock makes the "is it empty?" checks and the inserts one step.
const SEED_LOCK = 0x6b657262;

const isEmpty = async (tx: Tx, table: typeof users | typeof posts | typeof categories) =>
  (await tx.select({ one: sql`1` }).from(table).limit(1)).length === 0;

/**
 * Runs at every start-up and only ever adds to an empty database:
 * - categories when the categories table is empty (always, demo or not);
 * - with `config.seedDemo`, the demo community (admin, 30 members, ~200 posts with comments and
 *   votes) when there are no users and no posts at all. A database with any data is never touched.
 * Returns what it inserted (all zeros on a second run).
 */
export async function seedDatabase(
  db: Db,
  config: Pick<Config, 'seedDemo'>,
  log: SeedLog,
  opts: { now?: Date; logDemoAdmin?: boolean } = {},
): Promise<SeedSummary> {
  const started = performance.now();
  const summary: SeedSummary = { categories: 0, users: 0, posts: 0, comments: 0 };

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isEmpty(tx, categories)) {
      await tx.insert(categories).values(CATEGORIES.map((c, i) => ({ ...c, position: i + 1 })));
      summary.categories = CATEGORIES.length;
    }
    if (config.seedDemo && (await isEmpty(tx, users)) && (await isEmpty(tx, posts))) {
      const passwordHash = await argon2().hash(DEMO_PASSWORD, ARGON2_OPTIONS);
      // Imported only here, on an empty database: every other start skips its content and formatters.
      const { insertDemo, planDemo } = await import('./demo.ts');
      Object.assign(summary, await insertDemo(tx, planDemo(opts.now ?? new Date(), passwordHash)));
      // Issue 33: half the Q&A categories' demo questions have their best-voted reply from someone else accepted.
      await tx.execute(sql`
        update posts p set accepted_comment_id = (
          select c.id from comments c
          where c.post_id = p.id and c.deleted_at is null and c.author_id is distinct from p.author_id
          order by c.upvotes desc, c.id limit 1)
        where p.id % 2 = 0 and p.category_id in (select id from categories where is_qa)`);
      await tx.execute(sql`
        update posts set qa_state = case when accepted_comment_id is null then 0 else 1 end
        where category_id in (select id from categories where is_qa)`);
    }
  });

  const ms = Math.round(performance.now() - started);
  if (summary.categories) log.info(`Seeded ${summary.categories} forum categories`);
  if (summary.users) {
    log.info(`Seeded demo community: ${summary.users} members, ${summary.posts} posts, ${summary.comments} comments (${ms} ms)`);
  }
  if (config.seedDemo && opts.logDemoAdmin !== false) await logDemoAdmin(db, log);
  return summary;
}

/**
 * The demo admin's sign-in, whenever demo mode is on and the account is still there. seedDatabase
 * logs it unless told not to: the server does it once it is listening (the password check loads
 * argon2 and hashes 19 MiB, which the first answer does not need).
 */
export async function logDemoAdmin(db: Db, log: SeedLog) {
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, DEMO_ADMIN_EMAIL), isNull(users.deletedAt)))
    .limit(1);
  if (!admin) return;
  // Never print a password that no longer works.
  const unchanged = await argon2().verify(admin.passwordHash, DEMO_PASSWORD).catch(() => false);
  log.info(unchanged ? `Demo admin: ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}` : `Demo admin: ${DEMO_ADMIN_EMAIL} (password changed since seeding)`);
}
