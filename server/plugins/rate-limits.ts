import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLOCK_TIME_AFTER_MS, TRUST_MSG, whenAgain, type TrustLimitName } from '../../common/rules/trust.ts';
import { tooManyRequests } from '../http-errors.ts';
import { allowance } from '../trust/levels.ts';

/**
 * Route config for a per-IP ceiling (@fastify/rate-limit is registered with global:false; its store
 * is Redis when REDIS_URL is set, so the ceiling holds across processes). The 429 carries our
 * `{message}` and Retry-After like every other error.
 */
export const perIpLimit = (max: number, timeWindow: string, message: string) => ({
  rateLimit: {
    max,
    timeWindow,
    errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) => tooManyRequests(message, ctx.ttl / 1000),
  },
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An account younger than this gets each window's `firstDayMax` (spam accounts act at once). */
export const FIRST_DAY_MS = DAY;

/**
 * One window of a per-member limit, `windowMs` long, allowing:
 * - `max` actions, `firstDayMax` on the account's first day; or
 * - `max` actions, `newMax` for a member at trust level 0 (a burst, tighter for a new member); or
 * - what the member's trust level allows (`trust`: common/rules/trust.ts TRUST_LIMITS, issue 28).
 */
export type MemberWindow =
  | { windowMs: number; max: number; firstDayMax: number }
  | { windowMs: number; max: number; newMax: number }
  | { windowMs: number; trust: TrustLimitName };

/** "40 seconds", "3 minutes", "5 hours": how long until the member may act again, rounded up. */
export function waitText(ms: number) {
  const [n, unit] = ms <= MINUTE ? [Math.ceil(ms / SECOND), 'second'] : ms <= HOUR ? [Math.ceil(ms / MINUTE), 'minute'] : [Math.ceil(ms / HOUR), 'hour'];
  const count = Math.max(1, n);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Per-member limits of the everyday actions, in the spirit of Discourse's: a burst window and a longer
 * one, tighter on an account's first day, or (comments and new conversations, issue 28) by the
 * member's trust level. Generous for a person (a fast reader votes a few times a minute), low enough
 * that a script cannot flood the forum or members' notifications. The post limit counts the posts
 * table (posts/service.ts POST_LIMITS, by level too); chat sends and reports count their tables too
 * (CHAT_RATE_MAX, REPORTS_PER_HOUR).
 */
export const MEMBER_LIMITS = {
  /** A burst, and the day's comments by trust level. */
  comment: {
    windows: [
      { windowMs: MINUTE, max: 10, newMax: 3 },
      { windowMs: DAY, trust: 'commentsPerDay' },
    ],
    message: (wait: string) => `You are commenting too quickly. Please wait ${wait} before commenting again.`,
    again: TRUST_MSG.commentAgain,
  },
  vote: {
    windows: [
      { windowMs: MINUTE, max: 60, firstDayMax: 30 },
      { windowMs: HOUR, max: 600, firstDayMax: 200 },
    ],
    message: (wait: string) => `You are voting too quickly. Please wait ${wait} before voting again.`,
  },
  reaction: {
    windows: [
      { windowMs: MINUTE, max: 60, firstDayMax: 30 },
      { windowMs: HOUR, max: 600, firstDayMax: 200 },
    ],
    message: (wait: string) => `You are reacting too quickly. Please wait ${wait} before reacting again.`,
  },
  /**
   * New conversations only: reopening one you already have is free (chat/service.ts startConversation).
   * An hour's burst, and the day's by trust level.
   */
  chatStart: {
    windows: [
      { windowMs: HOUR, max: 15, newMax: 3 },
      { windowMs: DAY, trust: 'chatStartsPerDay' },
    ],
    message: (wait: string) => `You are starting conversations too quickly. Please wait ${wait} before starting another.`,
    again: TRUST_MSG.chatStartAgain,
  },
  /** Turning push notifications on or off for a device (both draw on one allowance: push/routes.ts). */
  pushSubscription: {
    windows: [
      { windowMs: MINUTE, max: 10, firstDayMax: 5 },
      { windowMs: DAY, max: 100, firstDayMax: 30 },
    ],
    message: (wait: string) => `You are changing notification settings too quickly. Please wait ${wait} before trying again.`,
  },
  /** Photos (uploads/routes.ts): a phone's burst of a few shots is fine, a day's worth of a camera roll is not. */
  upload: {
    windows: [
      { windowMs: MINUTE, max: 20, firstDayMax: 5 },
      { windowMs: DAY, max: 100, firstDayMax: 10 },
    ],
    message: (wait: string) => `You are uploading photos too quickly. Please wait ${wait} before uploading another.`,
  },
  /** Pay reports sent or edited (pay/routes.ts): a member reports a few weeks at once, not hundreds. */
  payReport: {
    windows: [
      { windowMs: MINUTE, max: 10, firstDayMax: 5 },
      { windowMs: DAY, max: 60, firstDayMax: 20 },
    ],
    message: (wait: string) => `You are sending pay reports too quickly. Please wait ${wait} before sending another.`,
  },
} as const satisfies Record<
  string,
  {
    windows: readonly MemberWindow[];
    message: (wait: string) => string;
    /** A wait over CLOCK_TIME_AFTER_MS said in clock time: "You can comment again tomorrow at 09:12." */
    again?: (when: string) => string;
  }
>;

export type MemberLimitName = keyof typeof MEMBER_LIMITS;

/**
 * The one way to limit a signed-in member's actions: throws 429 (the action's message, Retry-After)
 * when any window of `name` is full for `req.user`, else counts one action in every window. Counted
 * in @fastify/rate-limit's store, so in Redis across processes when REDIS_URL is set, and by member
 * id, so no client address changes it. Use as a route's preHandler (after the route's preValidation
 * has made sure there is a member, and after validation, so a refused body costs nothing), or call it
 * from a handler to count only some requests. Create it once per plugin and share it between routes
 * that are one action (votes on posts and on comments draw on one allowance).
 */
export function memberLimit(app: FastifyInstance, name: MemberLimitName) {
  const limit: { windows: readonly MemberWindow[]; message: (wait: string) => string; again?: (when: string) => string } = MEMBER_LIMITS[name];
  const { windows, message, again } = limit;
  const counters = windows.map((w) =>
    app.createRateLimit({
      timeWindow: w.windowMs,
      max: (req) => windowMax(w, req),
      keyGenerator: (req) => `member:${name}:${w.windowMs}:${req.user!.id}`,
    }),
  );
  // A first-day cap (always below the everyday one) lifts when the account turns a day old; a level's
  // lifts when its window does (a level rises only with the hourly job, so no sooner is promised).
  const wait = (req: FastifyRequest, w: MemberWindow, ttl: number) => {
    const untilEstablished = FIRST_DAY_MS - accountAge(req);
    return 'firstDayMax' in w && untilEstablished > 0 ? Math.min(ttl, untilEstablished) : ttl;
  };
  return async (req: FastifyRequest) => {
    if (!req.user) throw new Error(`memberLimit(${name}) needs a signed-in member`);
    // Look before counting, so a refused request spends nothing: a member who tries again while held
    // back by the minute does not use up the day. Counting is then atomic per window; two requests
    // racing past the look are caught by the count.
    const seen = await Promise.all(counters.map((count) => count(req, { increment: false })));
    let waitMs = Math.max(0, ...seen.map((r, i) => (!r.isAllowed && r.remaining === 0 ? wait(req, windows[i]!, r.ttl) : 0)));
    if (waitMs === 0) {
      const counted = await Promise.all(counters.map((count) => count(req)));
      waitMs = Math.max(0, ...counted.map((r, i) => (!r.isAllowed && r.isExceeded ? wait(req, windows[i]!, r.ttl) : 0)));
    }
    if (waitMs === 0) return;
    // A long wait is said in clock time (issue 28: never "1440 minutes").
    const now = new Date();
    const text = again && waitMs > CLOCK_TIME_AFTER_MS ? again(whenAgain(new Date(now.getTime() + waitMs), now)) : message(waitText(waitMs));
    throw tooManyRequests(text, waitMs / 1000);
  };
}

/** What a window allows `req.user` now. */
function windowMax(w: MemberWindow, req: FastifyRequest): number {
  if ('trust' in w) return allowance(req.user!.trustLevel, w.trust);
  if ('newMax' in w) return req.user!.trustLevel === 0 ? w.newMax : w.max;
  return isFirstDay(req) ? w.firstDayMax : w.max;
}

const accountAge = (req: FastifyRequest) => Date.now() - req.user!.createdAt.getTime();
const isFirstDay = (req: FastifyRequest) => accountAge(req) < FIRST_DAY_MS;

/** One window of a per-address limit: `max` actions per `windowMs`, refused with `message(wait)`. */
export type AddressWindow = { windowMs: number; max: number; message: (wait: string) => string };

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 one by its /56 (as
 * @fastify/rate-limit's own key does): one host holds a whole /64 and would otherwise count afresh
 * with every address in it.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  let text = ip.split('%')[0]!;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(tail === undefined ? 0 : 8 - front.length - back.length).fill('0'), ...back].map((g) => parseInt(g || '0', 16));
  return `${groups.slice(0, 3).map((g) => g.toString(16)).join(':')}:${(groups[3]! & 0xff00).toString(16)}::/56`;
}

/**
 * A ceiling on one action per client address, over several windows (sign-ups: a few an hour, a few
 * more a day). The address is req.ip: what TRUST_PROXY lets Fastify believe, so an X-Forwarded-For from
 * a peer that is not a trusted proxy changes nothing. Counted in @fastify/rate-limit's store, so in
 * Redis across processes when REDIS_URL is set. Unlike perIpLimit, which counts every request before
 * validation, it counts only when called: call it just before the action, after the checks that refuse
 * a person's mistake, so a typo does not use up the allowance. Looks before counting (a refused request
 * spends nothing), then counts atomically, as memberLimit does; throws 429 with the message of the
 * window that holds the request back longest, and Retry-After.
 */
export function addressLimit(app: FastifyInstance, name: string, windows: readonly AddressWindow[]) {
  const counters = windows.map((w) =>
    app.createRateLimit({ timeWindow: w.windowMs, max: w.max, keyGenerator: (req) => `address:${name}:${w.windowMs}:${addressKey(req.ip)}` }),
  );
  const refusal = (results: Array<{ ttl: number } | null>) => {
    let longest = -1;
    results.forEach((r, i) => {
      if (r && (longest < 0 || r.ttl > results[longest]!.ttl)) longest = i;
    });
    return longest < 0 ? null : tooManyRequests(windows[longest]!.message(waitText(results[longest]!.ttl)), results[longest]!.ttl / 1000);
  };
  return async (req: FastifyRequest) => {
    const seen = await Promise.all(counters.map((count) => count(req, { increment: false })));
    const full = refusal(seen.map((r) => (!r.isAllowed && r.remaining === 0 ? r : null)));
    if (full) throw full;
    const counted = await Promise.all(counters.map((count) => count(req)));
    const over = refusal(counted.map((r) => (!r.isAllowed && r.isExceeded ? r : null)));
    if (over) throw over;
  };
}
