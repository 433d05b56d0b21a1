import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../http-errors.ts';

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

/** One window of a per-member limit: `max` actions per `windowMs`, `firstDayMax` on the account's first day. */
export type MemberWindow = { windowMs: number; max: number; firstDayMax: number };

/** "40 seconds", "3 minutes", "5 hours": how long until the member may act again, rounded up. */
export function waitText(ms: number) {
  const [n, unit] = ms <= MINUTE ? [Math.ceil(ms / SECOND), 'second'] : ms <= HOUR ? [Math.ceil(ms / MINUTE), 'minute'] : [Math.ceil(ms / HOUR), 'hour'];
  const count = Math.max(1, n);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Per-member limits of the everyday actions, in the spirit of Discourse's: a burst window and a longer
 * one, tighter on an account's first day. Generous for a person (a fast reader votes a few times a
 * minute), low enough that a script cannot flood the forum or members' notifications. The post limit
 * is older and counts the posts table (post-service.ts POST_LIMITS); chat sends and reports count
 * their tables too (CHAT_RATE_MAX, REPORTS_PER_HOUR).
 */
export const MEMBER_LIMITS = {
  comment: {
    windows: [
      { windowMs: MINUTE, max: 10, firstDayMax: 3 },
      { windowMs: DAY, max: 200, firstDayMax: 20 },
    ],
    message: (wait: string) => `You are commenting too quickly. Please wait ${wait} before commenting again.`,
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
  /** New conversations only: reopening one you already have is free (chat/service.ts startConversation). */
  chatStart: {
    windows: [
      { windowMs: HOUR, max: 15, firstDayMax: 3 },
      { windowMs: DAY, max: 50, firstDayMax: 10 },
    ],
    message: (wait: string) => `You are starting conversations too quickly. Please wait ${wait} before starting another.`,
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
} as const satisfies Record<string, { windows: readonly MemberWindow[]; message: (wait: string) => string }>;

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
  const { windows, message } = MEMBER_LIMITS[name];
  const counters = windows.map((w: MemberWindow) =>
    app.createRateLimit({
      timeWindow: w.windowMs,
      max: (req) => (isFirstDay(req) ? w.firstDayMax : w.max),
      keyGenerator: (req) => `member:${name}:${w.windowMs}:${req.user!.id}`,
    }),
  );
  return async (req: FastifyRequest) => {
    if (!req.user) throw new Error(`memberLimit(${name}) needs a signed-in member`);
    // Look before counting, so a refused request spends nothing: a member who tries again while held
    // back by the minute does not use up the day. Counting is then atomic per window; two requests
    // racing past the look are caught by the count.
    const seen = await Promise.all(counters.map((count) => count(req, { increment: false })));
    let waitMs = Math.max(0, ...seen.map((r) => (!r.isAllowed && r.remaining === 0 ? r.ttl : 0)));
    if (waitMs === 0) {
      const counted = await Promise.all(counters.map((count) => count(req)));
      waitMs = Math.max(0, ...counted.map((r) => (!r.isAllowed && r.isExceeded ? r.ttl : 0)));
    }
    if (waitMs === 0) return;
    // A first-day cap (always below the everyday one) lifts when the account turns a day old.
    const untilEstablished = FIRST_DAY_MS - accountAge(req);
    if (untilEstablished > 0) waitMs = Math.min(waitMs, untilEstablished);
    throw tooManyRequests(message(waitText(waitMs)), waitMs / 1000);
  };
}

const accountAge = (req: FastifyRequest) => Date.now() - req.user!.createdAt.getTime();
const isFirstDay = (req: FastifyRequest) => accountAge(req) < FIRST_DAY_MS;
