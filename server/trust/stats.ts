import { sql } from 'drizzle-orm';
import { FLAG_MEMORY_DAYS, type TrustStats } from '../../common/rules/trust.ts';
import type { Db, Tx } from '../db/client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One member's stats beside what their row holds now (the job compares, and writes only changes). */
export type MemberStats = {
  id: number;
  trustLevel: number;
  trustComputedAt: Date | null;
  stats: TrustStats;
};

type Row = {
  id: number;
  trust_level: number;
  trust_computed_at: Date | string | null;
  days_since_verified: number;
  days_visited: number;
  posts_read: number;
  written: number;
  received: number;
  upheld_flags: number;
  rejected_flags: number;
};

/**
 * The trust stats (common/rules/trust.ts TrustStats) of the live members with ids in [fromId, toId],
 * in one statement. Every part is an aggregate over the range's own rows, found through an index that
 * starts with the member (user_visits' key, posts_author_idx, comments_author_idx, the votes' and
 * reactions' keys from each post or comment), so a range of a few thousand members costs what their
 * rows cost, whatever the size of the forum:
 * - days since verification: whole days, 0 when not verified;
 * - days visited and posts read: user_visits;
 * - written: live posts and comments;
 * - received: upvotes and reactions from other members on the member's live posts and comments, and
 *   their live replies accepted as the answer to someone else's live question (issue 33);
 * - upheld flags: posts and comments of theirs (live or removed) that a moderator upheld a report on
 *   (status 'resolved') in the last FLAG_MEMORY_DAYS, each item once however many reported it;
 * - rejected flags: reports they made that a moderator rejected (status 'dismissed') in that time.
 */
export async function statsInRange(db: Db | Tx, fromId: number, toId: number, now: Date): Promise<MemberStats[]> {
  const since = new Date(now.getTime() - FLAG_MEMORY_DAYS * DAY_MS);
  const res = await db.execute(sql`
    with m as (
      select id, email_verified_at, trust_level, trust_computed_at
      from users where id between ${fromId} and ${toId} and deleted_at is null
    ),
    visits as (
      select user_id, count(*)::int as days, coalesce(sum(posts_read), 0)::int as reads
      from user_visits where user_id between ${fromId} and ${toId} group by user_id
    ),
    written as (
      select author_id, count(*)::int as n from (
        select author_id from posts where author_id between ${fromId} and ${toId} and deleted_at is null
        union all
        select author_id from comments where author_id between ${fromId} and ${toId} and deleted_at is null
      ) w group by author_id
    ),
    received as (
      select author_id, count(*)::int as n from (
        select p.author_id from posts p join post_votes v on v.post_id = p.id and v.value > 0 and v.user_id <> p.author_id
          where p.author_id between ${fromId} and ${toId} and p.deleted_at is null
        union all
        select p.author_id from posts p join post_reactions r on r.post_id = p.id and r.user_id <> p.author_id
          where p.author_id between ${fromId} and ${toId} and p.deleted_at is null
        union all
        select c.author_id from comments c join comment_votes v on v.comment_id = c.id and v.value > 0 and v.user_id <> c.author_id
          where c.author_id between ${fromId} and ${toId} and c.deleted_at is null
        union all
        select c.author_id from comments c join comment_reactions r on r.comment_id = c.id and r.user_id <> c.author_id
          where c.author_id between ${fromId} and ${toId} and c.deleted_at is null
        union all
        select c.author_id from comments c join posts p on p.accepted_comment_id = c.id and p.deleted_at is null and p.author_id <> c.author_id
          where c.author_id between ${fromId} and ${toId} and c.deleted_at is null
      ) g group by author_id
    ),
    upheld as (
      select author_id, count(*)::int as n from (
        select distinct r.target_type, r.target_id, coalesce(p.author_id, c.author_id) as author_id
        from reports r
        left join posts p on r.target_type = 'post' and p.id = r.target_id
        left join comments c on r.target_type = 'comment' and c.id = r.target_id
        where r.status = 'resolved' and r.resolved_at > ${since} and r.target_type in ('post', 'comment')
      ) f where author_id between ${fromId} and ${toId} group by author_id
    ),
    rejected as (
      select reporter_id, count(*)::int as n from reports
      where reporter_id between ${fromId} and ${toId} and status = 'dismissed' and resolved_at > ${since}
      group by reporter_id
    )
    select m.id, m.trust_level, m.trust_computed_at,
      case when m.email_verified_at is null then 0
        else greatest(0, floor(extract(epoch from (${now}::timestamptz - m.email_verified_at)) / 86400))::int end as days_since_verified,
      coalesce(visits.days, 0) as days_visited,
      coalesce(visits.reads, 0) as posts_read,
      coalesce(written.n, 0) as written,
      coalesce(received.n, 0) as received,
      coalesce(upheld.n, 0) as upheld_flags,
      coalesce(rejected.n, 0) as rejected_flags
    from m
    left join visits on visits.user_id = m.id
    left join written on written.author_id = m.id
    left join received on received.author_id = m.id
    left join upheld on upheld.author_id = m.id
    left join rejected on rejected.reporter_id = m.id
    order by m.id`);
  return (res as unknown as { rows: Row[] }).rows.map((r) => ({
    id: Number(r.id),
    trustLevel: Number(r.trust_level),
    trustComputedAt: r.trust_computed_at === null ? null : new Date(r.trust_computed_at),
    stats: {
      daysSinceVerified: Number(r.days_since_verified),
      daysVisited: Number(r.days_visited),
      postsRead: Number(r.posts_read),
      written: Number(r.written),
      received: Number(r.received),
      upheldFlags: Number(r.upheld_flags),
      rejectedFlags: Number(r.rejected_flags),
    },
  }));
}

/** One member's trust stats as of `now` (their settings page); null for no such live member. */
export async function statsOf(db: Db | Tx, userId: number, now: Date): Promise<TrustStats | null> {
  const [row] = await statsInRange(db, userId, userId, now);
  return row?.stats ?? null;
}
