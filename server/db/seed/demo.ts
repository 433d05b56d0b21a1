import { sql } from 'drizzle-orm';
import { ZCourierProfile } from '../../../common/contracts/courier.ts';
import type { Tx } from '../client.ts';
import { TAGS_PER_POST_MAX } from '../../../common/rules/labels.ts';
import { categories, commentVotes, comments, postVotes, posts, tags, users } from '../schema/index.ts';
import { makeExcerpt, renderMarkdown, slugify } from '../../lib/markdown.ts';
import { hotScore } from '../../modules/posts/index.ts';
import type { CategorySlug } from './categories.ts';
import { DEFAULT_NETWORKS, JOB_RULES_REPLIES, NETWORKS, POST_TEMPLATES, WELCOME_REPLIES, type DemoReply, type PostTemplate } from './demo-content.ts';
import { DEMO_ADMIN, DEMO_ADMIN_EMAIL, DEMO_MEMBERS, type DemoMember } from './demo-members.ts';
import { createRng, type Rng } from './prng.ts';
import { insertDemoPay } from './demo-pay.ts';
import { insertDemoVisits } from './demo-visits.ts';
import { recomputeLevels } from '../../trust/recompute.ts';
import { courierRow } from '../../identity/courier-profile.ts';

// The demo forum: planned in memory first (so every counter is computed from the rows it counts),
// then written with a handful of multi-row INSERTs inside the caller's transaction.

const SEED = 0x6b657262; // "kerb"
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const GENERATED_POSTS = 198; // + 2 admin posts = 200
/**
 * Nothing in the demo is newer than this (issue 30: "2 minutes ago" on old threads): the newest post was
 * written a few hours before the first start, and every reply at least this long before it.
 */
const QUIET = HOUR;
const ANONYMOUS_POSTS = new Set([37, 121]); // their authors "deleted their accounts": shown as Anonymous

type PlannedUser = typeof users.$inferInsert & { joined: number };
type PlannedPost = Omit<typeof posts.$inferInsert, 'categoryId' | 'authorId'> & {
  category: CategorySlug;
  author: number | null; // index into users
  controversial: boolean;
  vars: Vars;
  template?: PostTemplate;
};
type PlannedComment = Omit<typeof comments.$inferInsert, 'postId' | 'authorId' | 'parentId'> & {
  post: number;
  author: number;
  parent: number | null; // index into comments
  depth: number;
};
type PlannedVote = { target: number; user: number; value: 1 | -1; createdAt: Date };

export type DemoPlan = {
  users: PlannedUser[];
  posts: PlannedPost[];
  comments: PlannedComment[];
  postVotes: PlannedVote[];
  commentVotes: PlannedVote[];
  /** The moment the plan was made for (the demo pay reports end the week before it). */
  now: Date;
};

type Vars = Record<string, string>;

const CITIES = [
  'Leeds', 'Bristol', 'Manchester', 'Birmingham', 'Glasgow', 'Cardiff', 'Newcastle', 'Sheffield', 'Nottingham',
  'Leicester', 'Liverpool', 'Southampton', 'Norwich', 'Edinburgh', 'Belfast', 'Milton Keynes', 'Reading', 'Coventry',
  'Hull', 'Plymouth', 'Derby', 'Swindon', 'Peterborough', 'Luton', 'Croydon', 'Stoke', 'Exeter', 'Bradford', 'Wolverhampton', 'Aberdeen',
  'Swansea', 'Brighton', 'Cambridge', 'Doncaster',
];
const VANS = ['Transit Custom', 'Vivaro', 'Sprinter', 'Trafic', 'Vito', 'Berlingo', 'Transit Connect', 'e-Transit', 'Caddy', 'Partner', 'Proace', 'Transit'];
const APPS = ['Deliveroo', 'Uber Eats', 'Just Eat'];

// Built once (an Intl formatter per call costs memory that is not given back; issue 14).
const WHOLE_POUNDS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pounds = (n: number, decimals: 0 | 2 = 0) => `£${(decimals ? PENCE : WHOLE_POUNDS).format(n)}`;

/** 'an e-Transit', 'a Sprinter': the article people would say before it. */
const withArticle = (word: string) => `${/^[aeio]|^e-/i.test(word) ? 'an' : 'a'} ${word}`;

/** A post's fillings. `networks`: the ones its story fits (the template's), so no title names one twice. */
function makeVars(rng: Rng, networks: readonly string[] = DEFAULT_NETWORKS): Vars {
  const city = rng.pick(CITIES);
  let city2 = rng.pick(CITIES);
  while (city2 === city) city2 = rng.pick(CITIES);
  const van = rng.pick(VANS);
  const miles = rng.int(55, 190);
  return {
    city,
    city2,
    network: rng.pick(networks),
    van,
    aVan: withArticle(van),
    app: rng.pick(APPS),
    rate: String(rng.int(38, 72)),
    dayRate: pounds(rng.int(28, 46) * 5),
    deduction: String(rng.int(12, 85)),
    drops: String(rng.int(85, 160)),
    parcels: String(rng.int(110, 260)),
    miles: String(miles),
    // A year of those days (about 230 worked), to the nearest thousand.
    businessMiles: WHOLE_POUNDS.format(Math.round((miles * 230) / 1000) * 1000),
    fuel: pounds(1 + rng.int(38, 56) / 100, 2),
    hours: String(rng.int(9, 13)),
    hourly: pounds(rng.int(12, 19)),
    lease: pounds(rng.int(52, 108) * 5),
    insurance: pounds(rng.int(27, 78) * 50),
    years: String(rng.int(2, 14)),
    vanAge: String(rng.int(3, 9)),
    mileage: String(rng.int(45, 190)),
    fee: pounds(rng.int(310, 540) / 100, 2),
  };
}

const fill = (text: string, vars: Vars) => text.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);

const WELCOME = {
  category: 'newcomers' as const,
  title: 'Welcome to Kerbside: read this first',
  body: `Welcome to **Kerbside**, the free forum for UK couriers, delivery drivers, owner drivers and everyone else who keeps the country's parcels moving.

A few things to get you started:

1. **Introduce yourself** in this category: where you're based and what you drive (or ride).
2. **Search before you post.** Insurance, tax and rates questions have great answers already.
3. **Pick the right category** so the people who know can find your question.
4. **Vote** on the replies that helped you, so the best answers rise.

### Community guidelines

- Be decent. Everyone here is doing a hard job.
- No selling, no referral links, no recruitment spam outside Jobs & Work Wanted.
- Don't post anyone's personal details, customers included.
- Tax and insurance advice here is from fellow drivers, not professionals. Check before you rely on it.

Questions about the forum itself? Reply here and the team will help.`,
  replies: WELCOME_REPLIES,
};

const JOB_RULES = {
  category: 'jobs-work-wanted' as const,
  title: 'Posting in Jobs & Work Wanted: the rules',
  body: `This category is for real work offered and wanted by the people doing it. To keep it useful:

- **Say where** (town or depot), **what** (network or client, vehicle needed) and **how it pays** (day rate, per drop or per hour).
- Say whether fuel, van hire or insurance come out of the rate.
- Agencies and recruiters: one post per vacancy, with the real client named where you can.
- Never ask anyone for money up front. Report any post that does.

Threads that break these rules will be removed. Good luck out there.`,
  replies: JOB_RULES_REPLIES,
};

const LOCK_NOTE =
  "Locking this thread. It's gone round in circles and a few replies got personal. Feel free to start a new thread about a specific network, with specifics.";

/** What a member's status says: the network they work for, their town and their van, when it names them. */
type Facts = { username?: string; network?: string; city?: string; van?: string };
const statusFacts = (username: string, status: string): Facts => ({
  username,
  network: NETWORKS.find((n) => status.includes(n)),
  city: CITIES.find((c) => status.includes(c)),
  // The longest that fits: 'Transit Custom', not 'Transit'.
  van: VANS.filter((v) => status.includes(v)).sort((a, b) => b.length - a.length)[0],
});

/** Whether a member could have written the thread: work it is about, and no other network than the thread's. */
function fits(template: PostTemplate, f: Facts): boolean {
  if (template.writers && !template.writers.includes(f.username ?? '')) return false;
  const named = template.networks ?? (/\{network\}/.test(template.titles.join(' ') + template.body) ? DEFAULT_NETWORKS : undefined);
  return f.network === undefined || named === undefined || named.includes(f.network);
}

/** Members whose work is a category's subject: they answer its questions too. */
const SUBJECT_EXPERTS: Partial<Record<CategorySlug, readonly string[]>> = {
  'tax-hmrc': ['neil_bookkeeper'],
  insurance: ['lucy_broker'],
  'routes-apps-tech': ['hannah_routes'],
  'freight-hgv-pallets': ['big_marc_hgv', 'yusuf_nights'],
  'owner-drivers': ['karen_depot'],
  'multi-drop-parcel-networks': ['ade_supervisor', 'karen_depot'],
};

/** Join dates that a member's status tells (days ago); the others are drawn, months back. */
const JOINED_DAYS_AGO: Record<string, number> = { connor_new: 21 };

/**
 * Which replies of a thread a post gets: about `share` of the top-level ones, in their order, and each
 * reply to one of those with it most of the time (always the answer to a question). A reply goes only with the one it answers (and the one
 * whose writer it is, `by`); the author's own (`op`) only when the author still has an account.
 */
function pickReplies(rng: Rng, thread: readonly DemoReply[], share: number, hasAuthor: boolean): number[] {
  const kept = new Set<number>();
  const top = thread.flatMap((r, i) => (r.to === undefined ? [i] : []));
  const chosen = new Set(rng.sample(top, share >= 1 ? top.length : Math.round(top.length * share)));
  thread.forEach((r, i) => {
    if (r.op && !hasAuthor) return;
    if (r.by !== undefined && !kept.has(r.by)) return;
    // A question asked in the thread is answered when its answer is there; other replies to replies, mostly.
    const asked = r.to !== undefined && thread[r.to].text.trimEnd().endsWith('?');
    const wanted = r.to === undefined ? chosen.has(i) : kept.has(r.to) && (share >= 1 || asked || rng.chance(0.8));
    if (wanted) kept.add(i);
  });
  return [...kept];
}

/** Drops the last reply kept, and any kept reply that answered it. */
function dropLast(kept: number[], thread: readonly DemoReply[]) {
  const gone = new Set([kept.pop()!]);
  for (let k = kept.length - 1; k >= 0; k--) {
    const r = thread[kept[k]];
    if ((r.to !== undefined && gone.has(r.to)) || (r.by !== undefined && gone.has(r.by))) gone.add(kept.splice(k, 1)[0]);
  }
}

/**
 * When each reply was written: the first within a couple of hours of the post, then slower, an update
 * (`later`) days after, as people come back to a thread. In the order of the thread,
 * a minute apart at least, and all before `room` after the post is up (squeezed in proportion for a young post).
 */
function replyTimes(rng: Rng, replies: DemoReply[], start: number, room: number): number[] {
  let at = 0;
  const offsets = replies.map((r, c) => {
    at += r.later ? rng.int(1, 4) * DAY + rng.int(0, 600) * MINUTE : c === 0 ? rng.int(8, 120) * MINUTE : rng.int(30, 240) * MINUTE * (1 + c * rng.next());
    return at;
  });
  const spare = room - (replies.length + 1) * MINUTE; // the last a minute inside it
  const squeeze = at > spare ? spare / at : 1;
  return offsets.map((o, c) => start + Math.floor(o * squeeze) + (c + 1) * MINUTE);
}

/** Everything the demo inserts, computed deterministically from the seed and `now`. */
export function planDemo(now: Date, passwordHash: string): DemoPlan {
  const rng = createRng(SEED);
  const t0 = now.getTime();

  // Members joined over the last 18 months, months ago (the welcome banner greets them back, not as new);
  // the admin was first, and the member whose status says "three weeks into DPD" joined three weeks ago.
  const people: Array<DemoMember & { email: string; isAdmin: boolean; joined: number }> = [
    { ...DEMO_ADMIN, email: DEMO_ADMIN_EMAIL, isAdmin: true, joined: t0 - 545 * DAY },
    ...DEMO_MEMBERS.map((m) => ({
      ...m,
      email: `${m.username.toLowerCase()}@demo.kerbside.local`,
      isAdmin: false,
      joined: t0 - (JOINED_DAYS_AGO[m.username] ?? rng.int(70, 535)) * DAY - rng.int(0, 23) * HOUR,
    })),
  ];
  const plannedUsers: PlannedUser[] = people.map((p, i) => ({
    email: p.email,
    username: p.username,
    firstName: p.firstName,
    lastName: p.lastName,
    passwordHash,
    avatar: p.avatar,
    statusText: p.statusText,
    ...(p.courier && courierRow(ZCourierProfile.parse(p.courier))),
    isAdmin: p.isAdmin,
    // The first demo member is a moderator (issue 18), so the role can be tried out.
    isModerator: i === 1,
    emailVerifiedAt: new Date(p.joined + rng.int(2, 20) * MINUTE),
    onboardedAt: new Date(p.joined + rng.int(21, 40) * MINUTE),
    createdAt: new Date(p.joined),
    updatedAt: new Date(p.joined),
    joined: p.joined,
  }));
  const memberIdx = plannedUsers.map((_, i) => i).filter((i) => i !== 0);
  const facts = plannedUsers.map((u) => statusFacts(u.username, u.statusText ?? ''));
  const joinedBefore = (t: number, pool: number[] = memberIdx) => pool.filter((i) => plannedUsers[i].joined < t);

  // ── Posts ──
  const plannedPosts: PlannedPost[] = [];
  const usedTitles = new Set<string>();
  const usedSlugs = new Set<string>();
  const uniqueSlug = (title: string) => {
    const base = slugify(title) || 'post';
    let slug = base;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    usedSlugs.add(slug);
    return slug;
  };
  const addPost = (p: Omit<PlannedPost, 'slug' | 'contentHtml' | 'excerpt'> & { content: string }) => {
    usedTitles.add(p.title);
    plannedPosts.push({ ...p, slug: uniqueSlug(p.title), contentHtml: renderMarkdown(p.content), excerpt: makeExcerpt(p.content) });
  };

  for (const [special, ageDays] of [[WELCOME, 178], [JOB_RULES, 151]] as const) {
    const at = new Date(t0 - ageDays * DAY);
    addPost({
      category: special.category, title: special.title, content: special.body, author: 0, controversial: false,
      vars: makeVars(rng), isPinned: true, isLocked: false, createdAt: at, updatedAt: at,
    });
  }

  // Every template is used in turn (shuffled per round), so the demo covers them all.
  let deck: PostTemplate[] = [];
  const told = new Set<string>();
  for (let i = 0; i < GENERATED_POSTS; i++) {
    if (deck.length === 0) deck = rng.sample(POST_TEMPLATES, POST_TEMPLATES.length);
    const template = deck.pop()!;
    // Skewed towards recent: a few posts in the last day (the newest a few hours old), a long tail back to six months.
    const createdAt = new Date(t0 - Math.pow(rng.next(), 1.4) * 179 * DAY - rng.int(3 * 60, 5 * 60) * MINUTE);
    // The author is someone the thread could be by: a rider asks about food apps, a member whose status
    // names a network posts about that one (or about none), in their own town when their status names one.
    // Nobody tells the same story twice.
    const candidates = joinedBefore(createdAt.getTime() - DAY).filter((m) => fits(template, facts[m]) && !told.has(`${m}|${template.titles[0]}`));
    if (candidates.length === 0 && !ANONYMOUS_POSTS.has(i)) {
      i--; // nobody left who could write this one now: the next template in the deck takes the slot
      continue;
    }
    const author = ANONYMOUS_POSTS.has(i) ? null : rng.pick(candidates);
    if (author !== null) told.add(`${author}|${template.titles[0]}`);
    const own: Facts = author === null ? {} : facts[author];
    const draw = (): Vars => {
      const v = makeVars(rng, template.networks);
      if (own.network) v.network = own.network;
      if (own.city && own.city !== v.city2) v.city = own.city;
      if (own.van) Object.assign(v, { van: own.van, aVan: withArticle(own.van) });
      return v;
    };
    let vars = draw();
    let title = fill(rng.pick(template.titles), vars);
    for (let attempt = 0; usedTitles.has(title) && attempt < 8; attempt++) {
      vars = draw();
      title = fill(rng.pick(template.titles), vars);
    }
    if (usedTitles.has(title)) {
      i--; // this template has no fresh title left: the next one in the deck takes the slot
      continue;
    }
    const edited = rng.chance(0.08) ? new Date(createdAt.getTime() + rng.int(5, 90) * MINUTE) : null; // before QUIET: posts are 3 h old at least
    addPost({
      category: template.category, title, content: fill(template.body, vars), author, controversial: template.controversial ?? false,
      vars, template, isPinned: false, isLocked: false, createdAt, updatedAt: edited ?? createdAt, editedAt: edited,
    });
  }

  // The locked thread: the first "best network" argument, or failing that the first controversial one.
  const bestNetwork = plannedPosts.findIndex((p) => p.template?.titles[0] === 'Which network treats drivers best at the moment?');
  const lockedIdx = bestNetwork >= 0 ? bestNetwork : plannedPosts.findIndex((p) => p.controversial);
  plannedPosts[lockedIdx].isLocked = true;

  // ── Comments ──
  // Each thread is its template's conversation (demo-content.ts): some of its replies, each kept with
  // the one it answers, in the order written, over the hours and days after the post.
  const plannedComments: PlannedComment[] = [];
  const threads = new Map<number, readonly DemoReply[]>([[0, WELCOME.replies], [1, JOB_RULES.replies]]);
  plannedPosts.forEach((post, pi) => {
    const thread = threads.get(pi) ?? post.template?.replies ?? [];
    const start = post.createdAt!.getTime();
    // Most threads got some replies, a few none yet (the Unanswered list has something to show).
    const share = post.isPinned || post.isLocked ? 1 : rng.chance(0.15) ? 0 : Math.pow(rng.next(), 0.4);
    const kept = pickReplies(rng, thread, share, post.author !== null);
    // A young post has had time for few replies: one each 20 minutes it has been up, at most.
    const room = t0 - QUIET - start;
    while (kept.length > 0 && kept.length > Math.floor(room / (20 * MINUTE))) dropLast(kept, thread);
    const times = replyTimes(rng, kept.map((i) => thread[i]), start, room);
    const planned = new Map<number, number>(); // reply index → plannedComments index
    const voices = new Set<number>(); // members who have spoken in this thread, so new voices come first
    const peers = new Set([...(post.template?.writers ?? []), ...(SUBJECT_EXPERTS[post.category] ?? [])]);
    kept.forEach((ri, k) => {
      const reply = thread[ri];
      const t = times[k];
      const parent = reply.to === undefined ? null : planned.get(reply.to)!;
      let author: number;
      if (reply.op) author = post.author!;
      else if (reply.by !== undefined) author = plannedComments[planned.get(reply.by)!].author;
      else {
        // Someone new to the thread, who does that work (or knows the subject) when there is one.
        const others = joinedBefore(t).filter((i) => i !== post.author && (parent === null || i !== plannedComments[parent].author));
        const fresh = others.filter((i) => !voices.has(i));
        const freshPeers = fresh.filter((i) => peers.has(plannedUsers[i].username));
        const sounds = reply.writers ? fresh.filter((i) => reply.writers!.includes(plannedUsers[i].username)) : [];
        author = rng.pick(sounds.length ? sounds : freshPeers.length ? freshPeers : fresh.length ? fresh : others.length ? others : memberIdx);
      }
      voices.add(author);
      const content = fill(reply.text, post.vars);
      planned.set(ri, plannedComments.length);
      plannedComments.push({
        post: pi, author, parent, depth: parent === null ? 0 : plannedComments[parent].depth + 1,
        content, contentHtml: renderMarkdown(content), createdAt: new Date(t), updatedAt: new Date(t),
      });
    });
    if (post.isLocked) {
      const last = times.length ? times[times.length - 1] : start;
      const at = new Date(Math.min(last + rng.int(60, 180) * MINUTE, t0 - QUIET - MINUTE));
      plannedComments.push({ post: pi, author: 0, parent: null, depth: 0, content: LOCK_NOTE, contentHtml: renderMarkdown(LOCK_NOTE), createdAt: at, updatedAt: at });
    }
  });

  // ── Votes ──
  const voteTime = (from: number) => new Date(Math.min(from + rng.int(10, 4 * 24 * 60) * MINUTE, t0 - MINUTE));
  const plannedPostVotes: PlannedVote[] = [];
  plannedPosts.forEach((post, pi) => {
    const start = post.createdAt!.getTime();
    const eligible = joinedBefore(start, plannedUsers.map((_, i) => i)).filter((i) => i !== post.author);
    const appeal = post.isPinned ? 0.9 : Math.pow(rng.next(), 1.5);
    const up = post.controversial ? 0.55 : 0.9;
    for (const user of rng.sample(eligible, Math.round(appeal * eligible.length * 0.85))) {
      plannedPostVotes.push({ target: pi, user, value: rng.chance(up) ? 1 : -1, createdAt: voteTime(start) });
    }
  });
  const plannedCommentVotes: PlannedVote[] = [];
  plannedComments.forEach((comment, ci) => {
    const start = comment.createdAt!.getTime();
    const eligible = joinedBefore(start, plannedUsers.map((_, i) => i)).filter((i) => i !== comment.author);
    for (const user of rng.sample(eligible, Math.floor(7 * Math.pow(rng.next(), 2)))) {
      plannedCommentVotes.push({ target: ci, user, value: rng.chance(0.85) ? 1 : -1, createdAt: voteTime(start) });
    }
  });

  // ── Counters, from the rows above ──
  for (const v of plannedCommentVotes) {
    const c = plannedComments[v.target];
    if (v.value === 1) c.upvotes = (c.upvotes ?? 0) + 1;
    else c.downvotes = (c.downvotes ?? 0) + 1;
  }
  for (const v of plannedPostVotes) {
    const p = plannedPosts[v.target];
    if (v.value === 1) p.upvotes = (p.upvotes ?? 0) + 1;
    else p.downvotes = (p.downvotes ?? 0) + 1;
  }
  for (const p of plannedPosts) p.lastActivityAt = p.createdAt;
  for (const c of plannedComments) {
    const p = plannedPosts[c.post];
    p.commentCount = (p.commentCount ?? 0) + 1;
    // Latest activity (issue 30): the newest comment's time, as the comment writes keep it.
    if (c.createdAt! > p.lastActivityAt!) p.lastActivityAt = c.createdAt;
  }
  for (const p of plannedPosts) {
    const upvotes = p.upvotes ?? 0;
    const commentCount = p.commentCount ?? 0;
    const ageDays = (t0 - p.createdAt!.getTime()) / DAY;
    p.upvotes = upvotes;
    p.downvotes = p.downvotes ?? 0;
    p.commentCount = commentCount;
    p.viewCount =
      12 + upvotes * rng.int(6, 14) + commentCount * rng.int(4, 10) + Math.round(Math.sqrt(ageDays) * rng.int(8, 30)) + (p.isPinned ? rng.int(400, 900) : 0);
    p.shareCount = rng.int(0, Math.floor(upvotes / 4));
    p.hotScore = hotScore(upvotes, p.downvotes, commentCount, p.createdAt!);
  }

  return { users: plannedUsers, posts: plannedPosts, comments: plannedComments, postVotes: plannedPostVotes, commentVotes: plannedCommentVotes, now };
}

/** The demo's tags of a post: the networks and topics its words name, at most 3 (TAGS_PER_POST_MAX). */
const DEMO_TAG_WORDS: Array<[RegExp, string]> = [
  [/\bevri\b/i, 'evri'],
  [/amazon flex/i, 'amazon-flex'],
  [/\bdpd\b/i, 'dpd'],
  [/\byodel\b/i, 'yodel'],
  [/royal mail/i, 'royal-mail'],
  [/\binpost\b/i, 'inpost'],
  [/\bparcelforce\b/i, 'parcelforce'],
  [/\bdeliveroo\b/i, 'deliveroo'],
  [/uber eats/i, 'uber-eats'],
  [/\b(ulez|clean air zone|caz)\b/i, 'ulez'],
  [/\binsurance\b/i, 'insurance'],
  [/\b(hmrc|self assessment|tax return)\b/i, 'tax'],
  [/\b(pcn|parking ticket)/i, 'parking'],
  [/\b(stolen|theft|broken into)\b/i, 'theft'],
  [/\bdepot\b/i, 'depots'],
];
function demoTags(text: string): string[] {
  return DEMO_TAG_WORDS.filter(([re]) => re.test(text)).map(([, slug]) => slug).slice(0, TAGS_PER_POST_MAX);
}

/** Multi-row INSERTs of at most `size` rows (PostgreSQL allows 65535 bind parameters per statement). */
async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export type DemoCounts = { users: number; posts: number; comments: number };

/** Writes the plan. The caller holds the transaction and has checked the database is empty. */
export async function insertDemo(tx: Tx, plan: DemoPlan): Promise<DemoCounts> {
  const categoryRows = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const userRows = await tx
    .insert(users)
    .values(plan.users.map(({ joined: _joined, ...u }) => u))
    .returning({ id: users.id, username: users.username });
  const userIdByName = new Map(userRows.map((u) => [u.username, u.id]));
  const userId = plan.users.map((u) => userIdByName.get(u.username)!);

  // Issue 32: the tags a post's words name (the migrations' starting tags), and every third post by a
  // member whose courier profile names a home area is about that area.
  const tagIdBySlug = new Map((await tx.select({ id: tags.id, slug: tags.slug }).from(tags)).map((t) => [t.slug, t.id]));
  const postIdBySlug = new Map<string, number>();
  let nth = 0;
  await insertChunks(plan.posts, 200, async (chunk) => {
    const rows = await tx
      .insert(posts)
      .values(
        chunk.map(({ category, author, controversial: _c, vars: _v, template: _t, ...p }) => {
          const id = categoryId.get(category);
          if (id === undefined) throw new Error(`Demo seed: category '${category}' does not exist`);
          const area = author === null ? null : plan.users[author]!.courierArea;
          const tagIds = demoTags(`${p.title} ${p.content}`).flatMap((slug) => tagIdBySlug.get(slug) ?? []);
          return { ...p, categoryId: id, authorId: author === null ? null : userId[author], tagIds, areas: area && nth++ % 3 === 0 ? [area] : [] };
        }),
      )
      .returning({ id: posts.id, slug: posts.slug });
    for (const r of rows) postIdBySlug.set(r.slug, r.id);
  });
  const postId = plan.posts.map((p) => postIdBySlug.get(p.slug)!);

  // Parents before children: one round per depth. Comments have no natural key, so the ids are matched
  // to the plan by position, and checked (post and time) rather than trusted.
  const commentId: number[] = new Array(plan.comments.length);
  const deepest = Math.max(0, ...plan.comments.map((c) => c.depth));
  for (let depth = 0; depth <= deepest; depth++) {
    const batch = plan.comments.map((c, i) => ({ c, i })).filter(({ c }) => c.depth === depth);
    await insertChunks(batch, 500, async (chunk) => {
      const rows = await tx
        .insert(comments)
        .values(
          chunk.map(({ c: { post, author, parent, depth: _d, ...c } }) => ({
            ...c,
            postId: postId[post],
            authorId: userId[author],
            parentId: parent === null ? null : commentId[parent],
          })),
        )
        .returning({ id: comments.id, postId: comments.postId, createdAt: comments.createdAt });
      rows.forEach((row, k) => {
        const { c, i } = chunk[k];
        if (row.postId !== postId[c.post] || row.createdAt.getTime() !== c.createdAt!.getTime()) {
          throw new Error('Demo seed: comment ids came back out of order');
        }
        commentId[i] = row.id;
      });
    });
  }

  await insertChunks(plan.postVotes, 2000, (chunk) =>
    tx.insert(postVotes).values(chunk.map((v) => ({ postId: postId[v.target], userId: userId[v.user], value: v.value, createdAt: v.createdAt }))),
  );
  await insertChunks(plan.commentVotes, 2000, (chunk) =>
    tx.insert(commentVotes).values(chunk.map((v) => ({ commentId: commentId[v.target], userId: userId[v.user], value: v.value, createdAt: v.createdAt }))),
  );

  await tx.execute(sql`
    update ${categories} set post_count = (
      select count(*) from ${posts} where ${posts.categoryId} = ${categories.id} and ${posts.deletedAt} is null
    )`);

  // The demo Courier Pay Index: weekly reports up to the plan's "now".
  const joinedAt = new Map(plan.users.map((u) => [u.username, new Date(u.joined)]));
  await insertDemoPay(tx, plan.now, new Map(userRows.map((u) => [u.username, { id: u.id, joined: joinedAt.get(u.username)! }])));

  // Issue 28: the members' visits, then their trust levels from everything above, so the demo shows
  // levels from the first page (the hourly job keeps them current).
  await insertDemoVisits(tx, plan.now, new Map(userRows.map((u) => [u.username, { id: u.id, joined: joinedAt.get(u.username)! }])));
  await recomputeLevels(tx, plan.now);

  return { users: plan.users.length, posts: plan.posts.length, comments: plan.comments.length };
}
