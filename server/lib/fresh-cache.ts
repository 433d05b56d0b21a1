import { randomUUID } from 'node:crypto';
import type { Core } from '../core.ts';
import { BusAwayError, channel as busChannel, type EventBus, type Unsubscribe } from '../realtime/bus.ts';

/**
 * Values kept in memory until the next write, or a few seconds, whichever comes first: the one
 * mechanism under the guest cache (lib/guest-cache.ts) and the member cache (lib/member-cache.ts).
 *
 * - Staleness: a generation number. `invalidate()` bumps it: nothing made before is served again, here
 *   at once, and over the event bus (Redis pub/sub with REDIS_URL) in every other process once the
 *   returned promise resolves. A process whose subscription comes back after Redis was away (the bus's
 *   resync) bumps its own, since it may have missed some. A lost message costs at most the TTL.
 * - Bounded: an LRU of `maxEntries` values and `maxBytes` of their sizes.
 * - Single flight: concurrent misses of one key load it once.
 * - Time is the core's clock, so a test moves it.
 */
export interface FreshCache<V> {
  /** The value under `key` while fresh, else undefined; at once, for callback hooks. */
  peek(key: string): V | undefined;
  /** The value under `key`; made by `load` when missing or stale. A throw, or a value `keep` refuses, is not kept. */
  remember(key: string, load: () => Promise<V>): Promise<V>;
  /** Keeps `value` under `key`, unless a write came after `made` (the generation read before making it). */
  store(key: string, value: V, made: number): void;
  /** The generation now: read it before making a value for `store`. */
  generation(): number;
  /** Nothing kept so far is served again, in any process (see above). */
  invalidate(): Promise<void>;
  /** Resolves once it listens to other processes' writes. */
  ready(): Promise<void>;
  /** Values held now (tests, metrics). */
  size(): number;
  /** Stops listening to the bus. */
  close(): Promise<void>;
}

export type FreshCacheOptions<V> = {
  /** The bus channel its invalidations go by (one per cache). */
  channel: string;
  /** How other processes hear of this one's writes (none: one process). */
  bus?: EventBus;
  ttlMs: number;
  maxEntries: number;
  /** Most of sizeOf's total held. */
  maxBytes: number;
  /** What a value counts against maxBytes; 1. */
  sizeOf?: (value: V) => number;
  /** Whether a loaded value may be kept; all are. */
  keep?: (value: V) => boolean;
  /** Its name in the log. */
  name: string;
};

type Entry<V> = { value: V; generation: number; expires: number; size: number };
type Flight<V> = { generation: number; promise: Promise<V> };

export function createFreshCache<V>(core: Pick<Core, 'clock' | 'log'>, opts: FreshCacheOptions<V>): FreshCache<V> {
  const { clock, log } = core;
  const { ttlMs, maxEntries, maxBytes } = opts;
  const sizeOf = opts.sizeOf ?? (() => 1);
  const keep = opts.keep ?? (() => true);
  const invalidations = busChannel<{ from: string }>(opts.channel);
  const self = randomUUID();
  // Map order is recency order: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry<V>>();
  const flights = new Map<string, Flight<V>>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    bytes -= entry.size;
  };

  function bump() {
    generation++;
    // Every entry is stale now; dropping them at once frees their memory rather than at eviction.
    entries.clear();
    bytes = 0;
  }

  function store(key: string, value: V, made: number) {
    if (ttlMs === 0 || made !== generation || !keep(value)) return;
    const old = entries.get(key);
    if (old) drop(key, old);
    const size = sizeOf(value);
    if (size > maxBytes) return;
    entries.set(key, { value, generation: made, expires: clock.now().getTime() + ttlMs, size });
    bytes += size;
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(k, e);
    }
  }

  function peek(key: string): V | undefined {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.generation !== generation || hit.expires <= clock.now().getTime()) {
      drop(key, hit);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, hit);
    return hit.value;
  }

  let unsubscribe: Promise<Unsubscribe | undefined> = Promise.resolve(undefined);
  let stopResync: () => void = () => {};
  if (opts.bus) {
    stopResync = opts.bus.onResync(bump);
    unsubscribe = opts.bus
      .subscribe(invalidations, (event) => {
        if (event?.from !== self) bump();
      })
      .catch((err: unknown) => {
        log.error({ err }, `${opts.name}: could not listen for other processes’ writes`);
        return undefined;
      });
  }

  return {
    peek,
    store,
    generation: () => generation,

    remember(key: string, load: () => Promise<V>): Promise<V> {
      if (ttlMs === 0) return load();
      const hit = peek(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const flight = flights.get(key);
      if (flight && flight.generation === generation) return flight.promise;
      const made = generation;
      // Made before a write that has since happened, it answers the requests that asked before that
      // write, but nobody after.
      const promise = load()
        .then((value) => {
          store(key, value, made);
          return value;
        })
        .finally(() => {
          if (flights.get(key)?.promise === promise) flights.delete(key);
        });
      flights.set(key, { generation: made, promise });
      return promise;
    },

    async invalidate() {
      bump();
      if (!opts.bus) return;
      await opts.bus.publish(invalidations, { from: self }).catch((err: unknown) => {
        // Redis away is logged once by its watch; the others' values end within their TTL anyway.
        if (!(err instanceof BusAwayError)) log.warn({ err }, `${opts.name}: other processes not told of a write`);
      });
    },

    ready: () => unsubscribe.then(() => undefined),
    size: () => entries.size,

    async close() {
      stopResync();
      const off = await unsubscribe;
      await off?.().catch(() => undefined);
      entries.clear();
      bytes = 0;
    },
  };
}
