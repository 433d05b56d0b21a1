import type { Core } from '../core.ts';
import type { EventBus } from '../realtime/bus.ts';
import { createFreshCache, type FreshCache } from './fresh-cache.ts';

/**
 * What a member's reads are made of, kept until the next write (issue 31 item 2, ADR 0019): the session
 * a cookie names (its member's row), and the answers made for them (their forum list with their own
 * marks). A member's reads then cost a guest's: no round trip to the database for who they are, none
 * for marks that have not moved.
 *
 * It is a fresh cache (lib/fresh-cache.ts) dropped by every write of any kind, anyone's, in any process:
 * a sign-out, a suspension, a role or profile change, a vote or a saved post (so the writer's next
 * read sees it), everything but the beacons (`changesMemberState`). What changes outside a request (the
 * jobs: a suspension's end, the hourly trust levels; a session's idle expiry is checked on each read)
 * shows within the TTL.
 * It serves reads only: a write's request reads its session from the database (plugins/session.ts).
 */
export type MemberCache = FreshCache<unknown>;

export const MEMBER_CACHE_TTL_MS = 5_000;

export function createMemberCache(core: Pick<Core, 'clock' | 'log'>, opts: { bus?: EventBus; ttlMs?: number } = {}): MemberCache {
  return createFreshCache<unknown>(core, {
    name: 'member cache',
    channel: 'kerbside:member-cache-invalidate',
    bus: opts.bus,
    ttlMs: opts.ttlMs ?? MEMBER_CACHE_TTL_MS,
    maxEntries: 20_000,
    maxBytes: 32 * 1024 * 1024,
    // A session counts as a small fixed size; an answer as its bytes.
    sizeOf: (value) => (value && typeof value === 'object' && 'bytes' in value && Buffer.isBuffer(value.bytes) ? value.bytes.length : 1024),
  });
}

/** Beacons change nothing any member reads (and come with every page view). */
const BEACONS = ['/api/analytics/', '/api/metrics/vitals'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for every write but the beacons: what may change who a member is or what their reads show. */
export function changesMemberState(method: string, url: string): boolean {
  return !READS.has(method) && !BEACONS.some((prefix) => url.startsWith(prefix));
}
