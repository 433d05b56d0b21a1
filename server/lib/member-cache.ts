import type { Core } from '../core.ts';
import type { FoundSession } from '../identity/sessions.ts';
import type { EventBus } from '../realtime/bus.ts';
import { createFreshCache, type FreshCache } from './fresh-cache.ts';

/**
 * What a member's reads are made of, kept until the next write (issue 31 item 2, ADR 0019): the session
 * a cookie names (its member's row), and the answers made for them (their forum list with their own
 * marks, their server-written pages). A member's reads then cost a guest's: no round trip to the
 * database for who they are, none for marks that have not moved.
 *
 * Two fresh caches (lib/fresh-cache.ts), so that a few members' pages (a quarter of a megabyte each)
 * never push out the many small sessions, both dropped by every write of any kind, anyone's, in any
 * process: a sign-out, a suspension, a role or profile change, a vote or a saved post (so the writer's
 * next read sees it), everything but the beacons (`changesMemberState`). What changes outside a request
 * (the jobs: a suspension's end, the hourly trust levels; a session's idle expiry is checked on each
 * read) shows within the TTL. It serves reads only: a write's request reads its session from the
 * database (plugins/session.ts).
 */
export type MemberCache = {
  /** The session a cookie's token names, or null for none; small entries, many. */
  sessions: FreshCache<FoundSession | null>;
  /** Answers made for one member (their list, their pages), kept with their bytes; bounded by size. */
  answers: FreshCache<{ bytes: Buffer }>;
  /** Both stale from now on, in every process. */
  invalidate(): Promise<void>;
  ready(): Promise<void>;
  close(): Promise<void>;
};

export const MEMBER_CACHE_TTL_MS = 5_000;

export function createMemberCache(core: Pick<Core, 'clock' | 'log'>, opts: { bus?: EventBus; ttlMs?: number } = {}): MemberCache {
  const ttlMs = opts.ttlMs ?? MEMBER_CACHE_TTL_MS;
  const sessions = createFreshCache<FoundSession | null>(core, {
    name: 'member sessions',
    channel: 'kerbside:member-sessions-invalidate',
    bus: opts.bus,
    ttlMs,
    maxEntries: 50_000,
    maxBytes: 50_000,
  });
  const answers = createFreshCache<{ bytes: Buffer }>(core, {
    name: 'member answers',
    channel: 'kerbside:member-answers-invalidate',
    bus: opts.bus,
    ttlMs,
    maxEntries: 5_000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (answer) => answer.bytes.length,
  });
  const both = [sessions, answers];
  return {
    sessions,
    answers,
    invalidate: async () => {
      await Promise.all(both.map((c) => c.invalidate()));
    },
    ready: async () => {
      await Promise.all(both.map((c) => c.ready()));
    },
    close: async () => {
      await Promise.all(both.map((c) => c.close()));
    },
  };
}

/** The analytics and vitals beacons: they change nothing any reader sees (and come with every page view). */
export const BEACON_WRITES = ['/api/analytics/', '/api/metrics/vitals'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A method that may change something (the caches' write hooks; a write's session is never a kept one). */
export const isWrite = (method: string) => !READS.has(method);

/** True for every write but the beacons: what may change who a member is or what their reads show. */
export function changesMemberState(method: string, url: string): boolean {
  return isWrite(method) && !BEACON_WRITES.some((prefix) => url.startsWith(prefix));
}
