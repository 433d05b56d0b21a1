// The trust model (issue 28): one place that says what a member's level is made of and what each level
// may do. A verified account made a minute ago is not a driver with a year of help behind them: the
// posting limits, the review queue, flags and the Courier Pay Index all read the level from here (the
// server computes it in server/trust/, a job, never on a request). Simpler than Discourse's trust
// levels on purpose: four levels, each a plain list of things a person does by using the forum, and
// every one of them something a script cannot buy by making more accounts (days pass, people react).

import { londonDate, londonFormat } from '../london-day.ts';

export const TRUST_LEVELS = [0, 1, 2, 3] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export const TRUST_LEVEL_NAMES: Record<TrustLevel, string> = { 0: 'New', 1: 'Basic', 2: 'Member', 3: 'Regular' };

/** What the level computation reads for one member (server/trust/levels.ts gathers it). */
export type TrustStats = {
  /** Whole days since the email was verified (0 for an unverified account). */
  daysSinceVerified: number;
  /** Distinct London days the member used the site signed in. */
  daysVisited: number;
  /** Posts opened (each post once a day). */
  postsRead: number;
  /** Live posts and comments written. */
  written: number;
  /** Reactions and upvotes others gave the member's posts and comments, and their replies others accepted as the answer (issue 33). */
  received: number;
  /** Reports against the member's posts and comments that a moderator upheld, in the last 180 days. */
  upheldFlags: number;
  /** Reports the member made that a moderator rejected, in the last 180 days (a flag that was wrong counts against the flagger). */
  rejectedFlags: number;
};

/** How far back upheld and rejected flags count. */
export const FLAG_MEMORY_DAYS = 180;

export type TrustRequirement = { key: keyof TrustStats; min?: number; max?: number; label: string };

/**
 * What reaching each level needs (every line of it). Level 0 needs nothing. A member keeps a level
 * only while its requirements hold (upheld flags can take it away), unless an admin pinned one.
 */
export const TRUST_REQUIREMENTS: Record<Exclude<TrustLevel, 0>, TrustRequirement[]> = {
  1: [
    { key: 'daysSinceVerified', min: 1, label: 'a day since you verified your email' },
    { key: 'daysVisited', min: 2, label: 'visits on 2 different days' },
    { key: 'postsRead', min: 10, label: '10 posts read' },
    { key: 'upheldFlags', max: 1, label: 'no more than 1 upheld report against you' },
    { key: 'rejectedFlags', max: 5, label: 'no more than 5 of your reports rejected' },
  ],
  2: [
    { key: 'daysSinceVerified', min: 14, label: '14 days since you verified your email' },
    { key: 'daysVisited', min: 7, label: 'visits on 7 different days' },
    { key: 'postsRead', min: 40, label: '40 posts read' },
    { key: 'written', min: 3, label: '3 posts or comments written' },
    { key: 'received', min: 3, label: '3 reactions, upvotes or accepted answers from others' },
    { key: 'upheldFlags', max: 0, label: 'no upheld reports against you' },
    { key: 'rejectedFlags', max: 3, label: 'no more than 3 of your reports rejected' },
  ],
  3: [
    { key: 'daysSinceVerified', min: 60, label: '60 days since you verified your email' },
    { key: 'daysVisited', min: 30, label: 'visits on 30 different days' },
    { key: 'postsRead', min: 200, label: '200 posts read' },
    { key: 'written', min: 20, label: '20 posts or comments written' },
    { key: 'received', min: 25, label: '25 reactions, upvotes or accepted answers from others' },
    { key: 'upheldFlags', max: 0, label: 'no upheld reports against you' },
    { key: 'rejectedFlags', max: 3, label: 'no more than 3 of your reports rejected' },
  ],
};

const meets = (stats: TrustStats, r: TrustRequirement) => (r.min === undefined || stats[r.key] >= r.min) && (r.max === undefined || stats[r.key] <= r.max);

/** The level these stats earn: the highest whose requirements, and every lower level's, all hold. */
export function earnedLevel(stats: TrustStats): TrustLevel {
  let level: TrustLevel = 0;
  for (const next of [1, 2, 3] as const) {
    if (!TRUST_REQUIREMENTS[next].every((r) => meets(stats, r))) break;
    level = next;
  }
  return level;
}

/** What the next level still needs, one line each (empty at level 3). */
export function nextLevelNeeds(level: TrustLevel, stats: TrustStats): Array<{ label: string; have: number; met: boolean }> {
  if (level === 3) return [];
  const next = (level + 1) as Exclude<TrustLevel, 0>;
  return TRUST_REQUIREMENTS[next].map((r) => ({ label: r.label, have: stats[r.key], met: meets(stats, r) }));
}

/** The effective level: an admin's pin wins over the computed one. */
export const effectiveLevel = (u: { trustLevel: number; trustLevelPinned: number | null }): TrustLevel =>
  clampLevel(u.trustLevelPinned ?? u.trustLevel);

export const clampLevel = (n: number): TrustLevel => (Math.max(0, Math.min(3, Math.trunc(n))) as TrustLevel);

// ---- what each level may do ----

/**
 * Per-level allowances. Daily counts are per rolling 24 hours; per-item counts are per post, comment or
 * message. Admins and moderators are held to level 3's.
 */
export const TRUST_LIMITS = {
  /** Links (web addresses) in one post or comment. */
  linksPerItem: { 0: 1, 1: 5, 2: 15, 3: 30 },
  /** Photos shown in one post or comment. */
  photosPerItem: { 0: 1, 1: 4, 2: 10, 3: 10 },
  /** Distinct @mentions in one post, comment or message. */
  mentionsPerItem: { 0: 2, 1: 5, 2: 10, 3: 20 },
  /** New chat conversations started per day. */
  chatStartsPerDay: { 0: 3, 1: 10, 2: 30, 3: 50 },
  /** Posts per day. */
  postsPerDay: { 0: 3, 1: 10, 2: 30, 3: 50 },
  /** Comments per day. */
  commentsPerDay: { 0: 20, 1: 60, 2: 200, 3: 300 },
  /**
   * Local alerts per day (issue 32): each reaches every follower of its area by push, so a new account
   * sends none, and no number of fresh accounts can flood an area's phones.
   */
  alertsPerDay: { 0: 0, 1: 2, 2: 5, 3: 10 },
  /**
   * Poll votes per day (issue 33; a changed vote counts again): none at level 0, so no number of fresh
   * accounts can stuff a poll.
   */
  pollVotesPerDay: { 0: 0, 1: 50, 2: 200, 3: 300 },
} as const satisfies Record<string, Record<TrustLevel, number>>;

export type TrustLimitName = keyof typeof TRUST_LIMITS;

/**
 * A wait longer than this is said in clock time ("You can post again at 14:05."); a shorter one, a
 * burst held back for a minute or two, in seconds or minutes.
 */
export const CLOCK_TIME_AFTER_MS = 10 * 60 * 1000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a level allows, one line each, as a member's settings show it. */
export function trustAllowances(level: TrustLevel): string[] {
  const l = (name: TrustLimitName) => TRUST_LIMITS[name][level];
  const lines = [
    `Up to ${plural(l('postsPerDay'), 'post')} and ${plural(l('commentsPerDay'), 'comment')} a day`,
    `Up to ${plural(l('linksPerItem'), 'link')} and ${plural(l('photosPerItem'), 'photo')} in a post or comment`,
    `Mention up to ${plural(l('mentionsPerItem'), 'member')} at once`,
    `Start up to ${plural(l('chatStartsPerDay'), 'new conversation')} a day`,
    l('alertsPerDay') === 0 ? 'Local alerts open at the Basic level' : `Send up to ${plural(l('alertsPerDay'), 'local alert')} a day`,
    l('pollVotesPerDay') === 0 ? 'Voting in polls opens at the Basic level' : `Cast up to ${plural(l('pollVotesPerDay'), 'poll vote')} a day`,
  ];
  if (level === 0) lines.push('Your first posts and comments may wait for a moderator before everyone sees them');
  if (level >= FLAG_MIN_LEVEL) lines.push('Your reports count towards hiding a post or comment until a moderator looks at it');
  if (level >= PAY_TRUST.minLevel) lines.push(`Your pay reports count towards the Courier Pay Index once your account is ${PAY_TRUST.minAccountDays} days old`);
  return lines;
}

/** Reviews: how many of a level-0 member's first posts and comments the review queue may hold. */
export const REVIEW_FIRST_ITEMS_DEFAULT = 2;
/** The admin's review setting: hold a new member's first items only when risky (a link, a watched word), or all of them. */
export const REVIEW_MODES = ['risky', 'all'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/** Flags from this many different members at level ≥ 1 hide a post or comment until a moderator decides. */
export const FLAGS_TO_HIDE = 3;
export const FLAG_MIN_LEVEL: TrustLevel = 1;

/** The Pay Index (issue 28): who counts towards a cell's member minimum, and from when. */
export const PAY_TRUST = { minLevel: 1 as TrustLevel, minAccountDays: 14, reportDelayHours: 24 } as const;

// ---- when a limit lifts, in clock time ----

const LONDON_TIME = londonFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
const LONDON_WEEKDAY_DATE = londonFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });

/**
 * When a member may act again, as people say it on London clocks: "at 14:05", "tomorrow at 09:12", or
 * "on Tue 1 Dec at 09:12" further off. Never "1440 minutes". The minute is rounded up, so trying again
 * at the time said always works.
 */
export function whenAgain(freeAt: Date, now: Date): string {
  const at = new Date(Math.ceil(freeAt.getTime() / 60_000) * 60_000);
  const time = LONDON_TIME(at);
  const day = londonDate(at);
  if (day === londonDate(now)) return `at ${time}`;
  const tomorrow = londonDate(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  if (day === tomorrow) return `tomorrow at ${time}`;
  return `on ${LONDON_WEEKDAY_DATE(at)} at ${time}`;
}

export const TRUST_MSG = {
  postAgain: (when: string) => `You can post again ${when}.`,
  alertAgain: (when: string) => `You can send another alert ${when}.`,
  commentAgain: (when: string) => `You can comment again ${when}.`,
  chatStartAgain: (when: string) => `You can start another conversation ${when}.`,
  tooManyLinks: (max: number) =>
    `New members can include ${max === 1 ? 'one link' : `up to ${max} links`} in a post or comment. Remove some links, or try again once you've been around a little longer.`,
  tooManyPhotos: (max: number) =>
    `New members can include ${max === 1 ? 'one photo' : `up to ${max} photos`} in a post or comment. Remove some photos, or try again once you've been around a little longer.`,
  tooManyMentions: (max: number) => `You can mention up to ${max} member${max === 1 ? '' : 's'} at once.`,
  awaitingApproval: 'Awaiting approval',
  heldNotice: 'Thanks! New members’ first posts are checked by a moderator before everyone sees them. We’ll let you know when it’s up.',
  levelPinned: 'Trust level pinned',
  levelUnpinned: 'Trust level follows activity again',
  levelInvalid: 'Trust level must be 0, 1, 2 or 3',
} as const;
