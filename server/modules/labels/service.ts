import { and, asc, desc, eq, gt, inArray, isNull, like, sql } from 'drizzle-orm';
import type { TArea, TAreaList, TAreaPage, TCreateTagRequest, TLabelFollows, TTag, TUpdateTagRequest } from '../../../common/contracts/labels.ts';
import { ZCreateTagRequest, ZUpdateTagRequest } from '../../../common/contracts/labels.ts';
import { isPostcodeArea } from '../../../common/rules/courier.ts';
import { AREA_RECENT_DAYS, areaLabel, areaRegion, LABEL_MSG, tagLabel } from '../../../common/rules/labels.ts';
import { recordAudit } from '../../audit/index.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { labelCounts, labelFollows, postLabels, posts, tags, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http-errors.ts';
import { courierColumns, presentMemberCard, type CourierReader } from '../../identity/courier-profile.ts';
import type { SessionUser } from '../../identity/index.ts';
import { listColumns, loadCategories, loadTagNames, presentPosts, type TagRow } from '../posts/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';

// Tags and postcode areas (issue 32; docs/API.md "Tags and areas"): their pages' data, following them,
// and the admins' tag list. A tag's or an area's posts are the forum list's (posts/list-service.ts, its
// `labels` filter over derived.post_labels).

const DAY = 86_400_000;
/** How many members an area's page shows. */
const AREA_MEMBERS = 12;
/** How many live alerts an area's page shows. */
const AREA_ALERTS = 10;

async function countsOf(db: Db | Tx, labels: string[]): Promise<Map<string, number>> {
  if (labels.length === 0) return new Map();
  const rows = await db.select().from(labelCounts).where(inArray(labelCounts.label, labels));
  return new Map(rows.map((r) => [r.label, r.postCount]));
}

const presentTag = (t: TagRow, postCount: number): TTag => ({ id: t.id, slug: t.slug, name: t.name, kind: t.kind, description: t.description, postCount });

async function findTag(db: Db | Tx, slug: string): Promise<TagRow> {
  const [t] = await db.select().from(tags).where(eq(tags.slug, slug.toLowerCase()));
  if (!t) throw notFound(LABEL_MSG.tagNotFound);
  return t;
}

function assertArea(code: string): string {
  const area = code.toUpperCase();
  if (!isPostcodeArea(area)) throw notFound(LABEL_MSG.areaNotFound);
  return area;
}

/**
 * Each area's posts of the last AREA_RECENT_DAYS days and its newest post: two short range walks of
 * post_labels_newest_idx per area (pinned and not, since is_pinned leads the index), never a scan of
 * every area's rows.
 */
async function areaActivity(db: Db, codes: string[], now: Date): Promise<Map<string, { recent: number; last: Date | null }>> {
  const since = new Date(now.getTime() - AREA_RECENT_DAYS * DAY);
  const labels = codes.map(areaLabel);
  // db.execute answers {rows} on both drivers (node-postgres and PGlite).
  const rows = (await db.execute(sql`
    select a.label,
      (select count(*)::int from ${postLabels} l where l.label = a.label and l.is_pinned and l.created_at >= ${since})
        + (select count(*)::int from ${postLabels} l where l.label = a.label and not l.is_pinned and l.created_at >= ${since}) as recent,
      greatest(
        (select max(l.created_at) from ${postLabels} l where l.label = a.label and l.is_pinned),
        (select max(l.created_at) from ${postLabels} l where l.label = a.label and not l.is_pinned)
      ) as last
    from unnest(array[${sql.join(labels.map((l) => sql`${l}`), sql`, `)}]::text[]) as a(label)`)) as unknown as { rows: Array<{ label: string; recent: number; last: string | Date | null }> };
  return new Map(
    rows.rows.map((r) => [r.label.slice('area:'.length), { recent: Number(r.recent), last: r.last === null ? null : new Date(r.last) }]),
  );
}

function presentArea(code: string, postCount: number, activity: { recent: number; last: Date | null } | undefined): TArea {
  return {
    code,
    region: areaRegion(code)!,
    postCount,
    recentPosts: activity?.recent ?? 0,
    lastPostAt: activity?.last?.toISOString() ?? null,
  };
}

export function createLabelService({ db, clock }: Pick<Core, 'db' | 'clock'>) {
  return {
    async listTags(): Promise<TTag[]> {
      const all = await db.select().from(tags).orderBy(asc(tags.kind), asc(tags.name));
      const counts = await countsOf(db, all.map((t) => tagLabel(t.id)));
      return all.map((t) => presentTag(t, counts.get(tagLabel(t.id)) ?? 0));
    },

    async getTag(slug: string): Promise<TTag> {
      const t = await findTag(db, slug);
      return presentTag(t, (await countsOf(db, [tagLabel(t.id)])).get(tagLabel(t.id)) ?? 0);
    },

    /** The areas with posts about them in the last AREA_RECENT_DAYS days, most recent activity first. */
    async listAreas(): Promise<TAreaList> {
      const counts = await db.select().from(labelCounts).where(and(like(labelCounts.label, 'area:%'), gt(labelCounts.postCount, 0)));
      const codes = counts.map((c) => c.label.slice('area:'.length)).filter(isPostcodeArea);
      const activity = await areaActivity(db, codes, clock.now());
      const byCode = new Map(counts.map((c) => [c.label.slice('area:'.length), c.postCount]));
      const areas = codes
        .map((code) => presentArea(code, byCode.get(code) ?? 0, activity.get(code)))
        .filter((a) => a.recentPosts > 0)
        .sort((a, b) => (b.lastPostAt ?? '').localeCompare(a.lastPostAt ?? '') || a.code.localeCompare(b.code));
      return { areas };
    },

    /**
     * An area's page. Its members: those who show the area to this reader (a guest: to everyone; a
     * verified member: to members too), listed in the directory (verified, not suspended or deleted).
     */
    async getArea(code: string, reader: CourierReader): Promise<TAreaPage> {
      const area = assertArea(code);
      const label = areaLabel(area);
      const postCount = (await countsOf(db, [label])).get(label) ?? 0;
      const activity = await areaActivity(db, [area], clock.now());
      const now = clock.now();
      const alertRows = await db
        .select(listColumns)
        .from(posts)
        .where(and(sql`(${posts.areas})[1] = ${area}`, isNull(posts.deletedAt), sql`${posts.alertKind} is not null`, gt(posts.alertExpiresAt, now)))
        // The live ones are a range of posts_alerts_idx (few: they expire within 72 hours and each member
        // sends a handful a day); the newest of them show.
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(AREA_ALERTS);
      const alerts = await presentPosts(db, alertRows, await loadCategories(db), null);
      const shown = reader === 'members' ? sql`courier_area_visibility <> 'nobody'` : sql`courier_area_visibility = 'everyone'`;
      const memberRows = await db
        .select({ id: users.id, username: users.username, avatar: users.avatar, statusText: users.statusText, createdAt: users.createdAt, ...courierColumns })
        .from(users)
        // The predicate of users_directory_area_idx, then the reader's visibility and the directory's own.
        .where(and(sql`email_verified_at is not null and deleted_at is null and courier_area_visibility <> 'nobody'`, eq(users.courierArea, area), shown, isNull(users.suspendedAt)))
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
        .limit(AREA_MEMBERS);
      const members = memberRows.map((u) => presentMemberCard(u, reader));
      return { area: presentArea(area, postCount, activity.get(area)), alerts, members };
    },

    async follows(userId: number): Promise<TLabelFollows> {
      const rows = await db.select({ label: labelFollows.label }).from(labelFollows).where(eq(labelFollows.userId, userId));
      const tagIds = rows.filter((r) => r.label.startsWith('tag:')).map((r) => Number(r.label.slice(4)));
      const names = await loadTagNames(db, [{ tagIds }]);
      return {
        tags: tagIds.flatMap((id) => names.get(id)?.slug ?? []).sort(),
        areas: rows.filter((r) => r.label.startsWith('area:')).map((r) => r.label.slice(5)).sort(),
      };
    },

    async followTag(userId: number, slug: string, following: boolean) {
      const t = await findTag(db, slug);
      return setFollow(db, userId, tagLabel(t.id), following);
    },

    async followArea(userId: number, code: string, following: boolean) {
      return setFollow(db, userId, areaLabel(assertArea(code)), following);
    },

    createTag: (admin: SessionUser, input: TCreateTagRequest) =>
      withSlugConflict(() =>
        db.transaction(async (tx) => {
          const v = ZCreateTagRequest.parse(input);
          const [row] = await tx.insert(tags).values({ ...v, createdAt: clock.now() }).returning();
          await recordAudit(tx, { actorId: admin.id, action: 'tag.create', targetType: 'tag', targetId: row!.id, details: { slug: v.slug, name: v.name, kind: v.kind } });
          return presentTag(row!, 0);
        }),
      ),

    updateTag: (admin: SessionUser, id: number, input: TUpdateTagRequest) =>
      withSlugConflict(() =>
        db.transaction(async (tx) => {
          const v = ZUpdateTagRequest.parse(input);
          const [row] = await tx.update(tags).set(v).where(eq(tags.id, id)).returning();
          if (!row) throw notFound(LABEL_MSG.tagNotFound);
          await recordAudit(tx, { actorId: admin.id, action: 'tag.update', targetType: 'tag', targetId: id, details: v });
          return presentTag(row, (await countsOf(tx, [tagLabel(id)])).get(tagLabel(id)) ?? 0);
        }),
      ),

    /** Removes the tag from every post that carries it (their labels follow, by trigger) and every follow of it. */
    async deleteTag(admin: SessionUser, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(tags).where(eq(tags.id, id)).returning();
        if (!row) throw notFound(LABEL_MSG.tagNotFound);
        await tx.update(posts).set({ tagIds: sql`array_remove(${posts.tagIds}, ${id})` }).where(sql`${posts.tagIds} @> array[${id}]::integer[]`);
        await tx.delete(labelFollows).where(eq(labelFollows.label, tagLabel(id)));
        await recordAudit(tx, { actorId: admin.id, action: 'tag.delete', targetType: 'tag', targetId: id, details: { slug: row.slug, name: row.name } });
      });
      return { message: LABEL_MSG.tagDeleted };
    },
  };
}

async function setFollow(db: Db, userId: number, label: string, following: boolean) {
  if (following) await db.insert(labelFollows).values({ userId, label }).onConflictDoNothing();
  else await db.delete(labelFollows).where(and(eq(labelFollows.userId, userId), eq(labelFollows.label, label)));
  return { following, message: following ? LABEL_MSG.following : LABEL_MSG.notFollowing };
}

async function withSlugConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(LABEL_MSG.tagSlugTaken, { slug: LABEL_MSG.tagSlugTaken });
    throw err;
  }
}

export type LabelService = ReturnType<typeof createLabelService>;

