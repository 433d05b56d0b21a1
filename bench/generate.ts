// Fills a PostgreSQL database with a forum of bench size: 10k members, 100k posts, 1M comments, ~1M votes
// and ~300k reactions, with counters that agree with the rows. Drops and recreates the database first.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/kerbside_bench npx tsx bench/generate.ts
//   BENCH_POSTS=1000000 npx tsx bench/generate.ts   # the 1M-post forum of issue 15 (comments stay 1M)
//
// Speed: the text is drawn in TypeScript into small pools (sentences, titles, comments), and every
// table is filled with one INSERT … SELECT over generate_series that picks from the pools. Posts go in
// last-but-children with their final counters already computed, because updating a post recomputes
// its generated tsvector.
import argon2 from 'argon2';
import pg from 'pg';
import { AVATAR_KEYS } from '../common/avatars.ts';
import { REACTION_EMOJI } from '../common/reactions.ts';
import { POSTCODE_AREAS } from '../common/rules/courier.ts';
import { openDatabase } from '../server/db/client.ts';
import { CATEGORIES } from '../server/db/seed/categories.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { createRng } from '../server/db/seed/prng.ts';
import { benchDatabaseUrl } from './config.ts';
import { CITIES, CONTENT_WORDS, FILLER_WORDS, NETWORKS, RARE_SENTENCE, RARE_TITLES, RARE_WORD, TITLE_TEMPLATES } from './vocabulary.ts';

/** Posts: BENCH_POSTS (at least 1000), 100 000 when unset. Everything else keeps its size. */
const POSTS = process.env.BENCH_POSTS ? Number(process.env.BENCH_POSTS) : 100_000;
if (!Number.isInteger(POSTS) || POSTS < 1000) throw new Error(`BENCH_POSTS must be a whole number ≥ 1000, not "${process.env.BENCH_POSTS}"`);

export const SIZES = {
  members: 10_000,
  posts: POSTS,
  comments: 1_000_000,
  postVotes: 700_000,
  commentVotes: 300_000,
  postReactions: 200_000,
  commentReactions: 100_000,
} as const;

const POOL = { sentences: 40_000, titles: 6_000, comments: 8_000 } as const;
/**
 * The rare word is in exactly 100 posts at any size: every RARE_EVERY-th of the first 50 × RARE_EVERY posts
 * has it in its title, and the one half way between in its body (2000 at 100 000 posts, 20 000 at 1M).
 */
const RARE_EVERY = 2 * Math.floor(SIZES.posts / 100);
const RARE_LAST = 50 * RARE_EVERY;
/** 4 pinned posts at any size (ids 1, 25 001, 50 001, 75 001 at 100 000 posts). */
const PINNED_EVERY = Math.floor(SIZES.posts / 4);
// Popularity (comments, votes, reactions) is drawn by rank with a power law; rank → id goes through this
// multiplier (coprime with the sizes) so the popular posts are spread over every age, not the oldest.
const SPREAD = 7919;

/** The bench members' password (their sessions are made directly; this is only so the hash is real). */
const PASSWORD = 'Bench$ide2026';

const FIRST_NAMES = ['Sam', 'Alex', 'Jo', 'Chris', 'Priya', 'Tom', 'Aisha', 'Dan', 'Kate', 'Mo', 'Leah', 'Gary', 'Nina', 'Raj', 'Ellie', 'Kev', 'Zara', 'Lee', 'Beth', 'Tariq'];
const LAST_NAMES = ['Smith', 'Jones', 'Patel', 'Taylor', 'Brown', 'Khan', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Green', 'Hall', 'Wood', 'Clarke', 'Ali', 'Shaw', 'Begum'];

function pools(seed: number) {
  const rng = createRng(seed);
  // Zipf by rank: P(rank r) ∝ 1/r. Cumulative table + binary search.
  const weights = CONTENT_WORDS.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((acc, w, i) => (cumulative[i] = acc + w / total), 0);
  const contentWord = () => {
    const r = rng.next();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return CONTENT_WORDS[lo];
  };
  const fill = (template: string) =>
    template.replace('{network}', rng.pick(NETWORKS)).replace('{city}', rng.pick(CITIES));

  const sentences = Array.from({ length: POOL.sentences }, () => {
    const n = rng.int(8, 16);
    const words = Array.from({ length: n }, () => (rng.chance(0.35) ? rng.pick(FILLER_WORDS) : contentWord()));
    const s = words.join(' ');
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  });
  const titles = Array.from({ length: POOL.titles }, () => fill(rng.pick(TITLE_TEMPLATES)));
  const rareTitles = RARE_TITLES.map(fill);
  const comments = Array.from({ length: POOL.comments }, () =>
    Array.from({ length: rng.int(1, 3) }, () => rng.pick(sentences)).join(' '),
  );
  return { sentences, titles, rareTitles, comments };
}

async function recreateDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  // This drops a database: only ever one whose name says it is for benchmarks.
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name)) throw new Error(`refusing to recreate "${name}": the name must contain "bench"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

/** Issue 32: the postcode areas posts are about, busiest first (LS is the bench's busy area). */
const BENCH_AREAS = ['LS', 'M', 'B', ...POSTCODE_AREAS.filter((a) => !['LS', 'M', 'B'].includes(a))];

async function main() {
  const url = benchDatabaseUrl();
  const started = performance.now();
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    console.log(`${label.padEnd(34)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  };

  await step('create + migrate database', async () => {
    await recreateDatabase(url);
    const database = await openDatabase({ url });
    await seedDatabase(database.db, { seedDemo: false }, { info: () => {} });
    await database.close();
  });

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (text: string, values?: unknown[]) => c.query(text, values);
  await q(`set synchronous_commit = off`);
  await q(`set work_mem = '128MB'`);
  await q(`set maintenance_work_mem = '512MB'`);
  // One process, no parallel workers: with setseed the same data on every run.
  await q(`set max_parallel_workers_per_gather = 0`);
  await q(`select setseed(0.42)`);

  const p = pools(20260201);
  const passwordHash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

  await step('text pools', async () => {
    await q(`create unlogged table bench_sentence (id int primary key, s text not null)`);
    await q(`insert into bench_sentence select i, s from unnest($1::text[]) with ordinality as t(s, i)`, [p.sentences]);
    await q(`create unlogged table bench_title (id int primary key, t text not null)`);
    await q(`insert into bench_title select i, t from unnest($1::text[]) with ordinality as t(t, i)`, [p.titles]);
    await q(`create unlogged table bench_rare_title (id int primary key, t text not null)`);
    await q(`insert into bench_rare_title select i, t from unnest($1::text[]) with ordinality as t(t, i)`, [p.rareTitles]);
    await q(`create unlogged table bench_comment_text (id int primary key, t text not null)`);
    await q(`insert into bench_comment_text select i, t from unnest($1::text[]) with ordinality as t(t, i)`, [p.comments]);
  });

  await step(`members (${SIZES.members})`, () =>
    q(
      `insert into users (email, username, first_name, last_name, password_hash, avatar, status_text,
                          email_verified_at, onboarded_at, created_at, updated_at)
       select 'bench' || g || '@example.test', 'driver_' || g,
              ($2::text[])[1 + g % 20], ($3::text[])[1 + (g * 7) % 20], $4,
              -- skewed: the first avatars (bike, car, van, parcel) are the most chosen
              ($5::text[])[1 + floor(power(random(), 1.6) * 12)::int],
              case when g % 3 = 0 then 'Multi-drop since ' || (2010 + g % 14) else '' end,
              at, at, at, at
       from generate_series(1, $1::int) g, lateral (select now() - random() * interval '900 days' as at) t`,
      [SIZES.members, FIRST_NAMES, LAST_NAMES, passwordHash, AVATAR_KEYS],
    ),
  );

  // Posts are staged first so that their counters can be computed before they are inserted.
  await step('stage posts', async () => {
    await q(
      `create unlogged table bench_post as
       select g, 1 + floor(random() * ${POOL.titles})::int as title_id,
              (select array_agg(id order by position) from categories)[1 + floor(power(random(), 1.5) * $3::int)::int] as category_id,
              1 + floor(power(random(), 2) * $1::int)::int as author_id,
              -- in id order, like a real table (ids are handed out as posts are written), busier lately
              now() - power(1 - (g - 0.5) / $2::int, 0.8) * interval '730 days' as created_at,
              floor(exp(random() * 8))::int as view_count,
              (g % ${PINNED_EVERY} = 1 and g <= ${3 * PINNED_EVERY + 1}) as is_pinned,
              g % 97 = 0 as is_locked,
              -- Issue 32: 40 % of posts carry a tag (the networks first: Evri, Amazon Flex, DPD most), a
              -- tenth of those two; 30 % are about a postcode area (LS, M and B most), drawn skewed.
              case when g % 10 < 4 then (select array_agg(id) from (
                  select id from (select id, row_number() over (order by id) as n from tags) t
                  where n in (1 + floor(power(random(), 2) * 24)::int, case when g % 10 = 0 then 17 + g % 8 end)) x)
                else '{}' end as tag_ids,
              case when g % 10 >= 7 then array[($4::text[])[1 + floor(power(random(), 3) * cardinality($4::text[]))::int]] else '{}' end as areas
       from generate_series(1, $2::int) g`,
      [SIZES.members, SIZES.posts, CATEGORIES.length, BENCH_AREAS],
    );
    await q(`alter table bench_post add primary key (g)`);
    // 4 to 10 sentences per post, drawn at random from the pool.
    await q(
      `create unlogged table bench_post_body as
       with picks as materialized (
         select g, k, 1 + floor(random() * ${POOL.sentences})::int as sid
         from generate_series(1, $1::int) g, lateral generate_series(1, 4 + g % 7) k
       )
       select g, string_agg(s.s, ' ' order by k) as body from picks join bench_sentence s on s.id = picks.sid group by g`,
      [SIZES.posts],
    );
    await q(`alter table bench_post_body add primary key (g)`);
  });

  await step(`stage comments (${SIZES.comments})`, async () => {
    await q(
      `create unlogged table bench_comment as
       select row_number() over (order by y.created_at) as id, y.*
       from (select x.post_g, x.author_id, x.text_id, least(now(), bp.created_at + random() * interval '14 days') as created_at
       from (select 1 + (floor(power(random(), 1.5) * $2::int)::bigint * ${SPREAD} % $2::int)::int as post_g,
                    1 + floor(random() * $1::int)::int as author_id,
                    1 + floor(random() * ${POOL.comments})::int as text_id
             from generate_series(1, $3::int)) x
       join bench_post bp on bp.g = x.post_g) y`,
      [SIZES.members, SIZES.posts, SIZES.comments],
    );
    await q(`alter table bench_comment add primary key (id)`);
  });

  await step('stage votes and reactions', async () => {
    const pairs = (table: string, n: number, targets: number, extra: string) =>
      q(
        `create unlogged table ${table} as
         select distinct on (target, user_id) target, user_id, ${extra}
         from (select 1 + (floor(power(random(), 1.5) * ${targets})::bigint * ${SPREAD} % ${targets})::int as target,
                      1 + floor(random() * ${SIZES.members})::int as user_id
               from generate_series(1, ${n})) x
         order by target, user_id`,
      );
    await pairs('bench_post_vote', SIZES.postVotes, SIZES.posts, `case when random() < 0.85 then 1 else -1 end::smallint as value`);
    await pairs('bench_comment_vote', SIZES.commentVotes, SIZES.comments, `case when random() < 0.8 then 1 else -1 end::smallint as value`);
    // Reactions: (target, user, emoji) is the key; one emoji per drawn pair keeps it unique.
    const emoji = `($1::text[])[1 + floor(power(random(), 2) * 10)::int] as emoji`;
    await q(
      `create unlogged table bench_post_reaction as
       select distinct on (target, user_id) target, user_id, ${emoji}
       from (select 1 + (floor(power(random(), 1.5) * ${SIZES.posts})::bigint * ${SPREAD} % ${SIZES.posts})::int as target, 1 + floor(random() * ${SIZES.members})::int as user_id
             from generate_series(1, ${SIZES.postReactions})) x order by target, user_id`,
      [REACTION_EMOJI],
    );
    await q(
      `create unlogged table bench_comment_reaction as
       select distinct on (target, user_id) target, user_id, ${emoji}
       from (select 1 + (floor(power(random(), 1.5) * ${SIZES.comments})::bigint * ${SPREAD} % ${SIZES.comments})::int as target, 1 + floor(random() * ${SIZES.members})::int as user_id
             from generate_series(1, ${SIZES.commentReactions})) x order by target, user_id`,
      [REACTION_EMOJI],
    );
  });

  await step(`posts (${SIZES.posts}, tsvector)`, async () => {
    await q(
      `insert into posts (id, slug, title, content, content_html, excerpt, category_id, author_id, is_pinned, is_locked,
                          view_count, comment_count, upvotes, downvotes, hot_score, created_at, updated_at, last_activity_at, tag_ids, areas)
       overriding system value
       select bp.g, trim(both '-' from lower(regexp_replace(left(title, 60), '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || bp.g,
              title, body, '<p>' || body || '</p>', left(body, 200),
              bp.category_id, bp.author_id, bp.is_pinned, bp.is_locked, bp.view_count,
              coalesce(cc.n, 0), coalesce(v.up, 0), coalesce(v.down, 0),
              -- server/modules/posts/ranking.ts hotScore, in SQL
              sign(s.s) * log(greatest(abs(s.s), 1)) + extract(epoch from bp.created_at) / 45000,
              bp.created_at, bp.created_at,
              -- the newest comment's time, or the post's own without one (GREATEST skips the NULL)
              greatest(bp.created_at, cc.last),
              coalesce(bp.tag_ids, '{}'), bp.areas
       from bench_post bp
       join lateral (
         select case when bp.g % ${RARE_EVERY} = 0 and bp.g <= ${RARE_LAST} then (select t from bench_rare_title where id = 1 + (bp.g / ${RARE_EVERY}) % ${p.rareTitles.length})
                     else (select t from bench_title where id = bp.title_id) end as title,
                (select body from bench_post_body where g = bp.g)
                  || case when bp.g % ${RARE_EVERY} = ${RARE_EVERY / 2} and bp.g < ${RARE_LAST} then ' ' || $1 else '' end as body
       ) t on true
       left join (select post_g, count(*) as n, max(created_at) as last from bench_comment group by post_g) cc on cc.post_g = bp.g
       left join (select target, count(*) filter (where value = 1) as up, count(*) filter (where value = -1) as down
                  from bench_post_vote group by target) v on v.target = bp.g
       cross join lateral (select coalesce(v.up, 0) - coalesce(v.down, 0) + coalesce(cc.n, 0) / 2.0 as s) s
       order by bp.g`,
      [RARE_SENTENCE],
    );
    await q(`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`);
  });

  await step(`comments (${SIZES.comments})`, async () => {
    await q(
      `insert into comments (id, post_id, author_id, content, content_html, upvotes, downvotes, created_at, updated_at)
       overriding system value
       select bc.id, bc.post_g, bc.author_id, t.t, '<p>' || t.t || '</p>', coalesce(v.up, 0), coalesce(v.down, 0), bc.created_at, bc.created_at
       from bench_comment bc
       join bench_comment_text t on t.id = bc.text_id
       left join (select target, count(*) filter (where value = 1) as up, count(*) filter (where value = -1) as down
                  from bench_comment_vote group by target) v on v.target = bc.id
       order by bc.id`,
    );
    await q(`select setval(pg_get_serial_sequence('comments', 'id'), (select max(id) from comments))`);
  });

  await step('votes and reactions', async () => {
    const ago = `now() - random() * interval '700 days'`;
    await q(`insert into post_votes (post_id, user_id, value, created_at) select target, user_id, value, ${ago} from bench_post_vote`);
    await q(`insert into comment_votes (comment_id, user_id, value, created_at) select target, user_id, value, ${ago} from bench_comment_vote`);
    await q(`insert into post_reactions (post_id, user_id, emoji, created_at) select target, user_id, emoji, ${ago} from bench_post_reaction`);
    await q(`insert into comment_reactions (comment_id, user_id, emoji, created_at) select target, user_id, emoji, ${ago} from bench_comment_reaction`);
  });

  await step('category counts, drop staging', async () => {
    await q(`update categories set post_count = (select count(*) from posts where posts.category_id = categories.id and posts.deleted_at is null)`);
    for (const t of ['bench_sentence', 'bench_title', 'bench_rare_title', 'bench_comment_text', 'bench_post', 'bench_post_body', 'bench_comment', 'bench_post_vote', 'bench_comment_vote', 'bench_post_reaction', 'bench_comment_reaction']) {
      await q(`drop table ${t}`);
    }
  });

  // VACUUM sets the visibility map, which index-only scans (the list's deferred join) rely on.
  await step('vacuum analyze', () => q(`vacuum (analyze)`));

  const counts = await q(
    `select (select count(*) from users) as members, (select count(*) from posts) as posts, (select count(*) from comments) as comments,
            (select count(*) from post_votes) + (select count(*) from comment_votes) as votes,
            (select count(*) from post_reactions) + (select count(*) from comment_reactions) as reactions,
            (select pg_size_pretty(pg_database_size(current_database()))) as size,
            (select count(*) from posts where search @@ to_tsquery('english', '${RARE_WORD}')) as rare_word_posts`,
  );
  await c.end();
  console.log(counts.rows[0]);
  // The search bench relies on it (bench/README.md "The data").
  if (Number(counts.rows[0].rare_word_posts) !== 100) throw new Error(`'${RARE_WORD}' is in ${counts.rows[0].rare_word_posts} posts, not 100`);
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
