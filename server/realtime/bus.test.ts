import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { pause } from '../test/sockets.ts';
import { channel, createEventBus, createLocalBus, createRedisBus, type EventBus } from './bus.ts';

const REDIS_URL = process.env.REDIS_URL;
const silent = { warn: () => undefined, error: () => undefined } as never;

type Ev = { n: number; at: string };
/** A channel of its own per test, so parallel runs sharing one Redis never hear each other. */
const fresh = () => channel<Ev>(`kerbside-test:${randomBytes(6).toString('hex')}`);

/** Collects what `handler` receives; `until(k)` waits for k events (2 s at most). */
function collector() {
  const got: Ev[] = [];
  return {
    got,
    handler: (e: Ev) => void got.push(e),
    until: async (k: number) => {
      for (let i = 0; i < 200 && got.length < k; i++) await pause(10);
      return got;
    },
  };
}

describe('in-process bus', () => {
  it('delivers to every subscriber of the channel, as JSON (a copy, not the object)', async () => {
    const bus = createLocalBus(silent);
    const ch = fresh();
    const a = collector();
    const b = collector();
    await bus.subscribe(ch, a.handler);
    const unsubscribe = await bus.subscribe(ch, b.handler);
    await bus.subscribe(fresh(), () => {
      throw new Error('other channel');
    });
    const event = { n: 1, at: 'x' };
    await bus.publish(ch, event);
    expect(a.got).toEqual([event]);
    expect(a.got[0]).not.toBe(event);
    expect(b.got).toEqual([event]);

    await unsubscribe();
    await bus.publish(ch, { n: 2, at: 'y' });
    expect(a.got.map((e) => e.n)).toEqual([1, 2]);
    expect(b.got.map((e) => e.n)).toEqual([1]);
    await bus.close();
    await bus.publish(ch, { n: 3, at: 'z' });
    expect(a.got).toHaveLength(2);
  });

  it('a failing subscriber is logged and does not stop the others', async () => {
    const errors: unknown[] = [];
    const bus = createLocalBus({ warn: () => undefined, error: (o: unknown) => void errors.push(o) } as never);
    const ch = fresh();
    const ok = collector();
    await bus.subscribe(ch, () => {
      throw new Error('boom');
    });
    await bus.subscribe(ch, ok.handler);
    await bus.publish(ch, { n: 1, at: '' });
    expect(ok.got).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('createEventBus picks it without REDIS_URL', async () => {
    const bus = createEventBus({ log: silent });
    expect(bus.kind).toBe('local');
    await bus.close();
  });
});

describe.skipIf(!REDIS_URL)('Redis bus (REDIS_URL)', () => {
  it('what one process publishes, every process subscribed receives once (the publisher too)', async () => {
    const buses: EventBus[] = [createRedisBus(REDIS_URL!, silent), createRedisBus(REDIS_URL!, silent), createEventBus({ redisUrl: REDIS_URL, log: silent })];
    try {
      expect(buses.map((b) => b.kind)).toEqual(['redis', 'redis', 'redis']);
      const ch = fresh();
      const seen = buses.map(() => collector());
      const unsubs = await Promise.all(buses.map((bus, i) => bus.subscribe(ch, seen[i].handler)));
      await buses[1].publish(ch, { n: 7, at: 'depot' });
      for (const s of seen) expect(await s.until(1)).toEqual([{ n: 7, at: 'depot' }]);

      // Unsubscribed: no more for that one; the others still hear.
      await unsubs[0]();
      await buses[2].publish(ch, { n: 8, at: 'hub' });
      expect((await seen[1].until(2)).map((e) => e.n)).toEqual([7, 8]);
      await pause(50);
      expect(seen[0].got.map((e) => e.n)).toEqual([7]);
      await pause(50);
      expect(seen.map((s) => s.got.length)).toEqual([1, 2, 2]);
    } finally {
      await Promise.all(buses.map((b) => b.close()));
    }
  });

  it('close() drops its subscriptions from Redis and stops delivery both ways; a second close is harmless', async () => {
    const bus = createRedisBus(REDIS_URL!, silent);
    const other = createRedisBus(REDIS_URL!, silent);
    const admin = new Redis(REDIS_URL!);
    const subscribers = async (name: string) => Number(((await admin.pubsub('NUMSUB', name)) as [string, number])[1]);
    try {
      const ch = fresh();
      const closing = collector();
      const staying = collector();
      await bus.subscribe(ch, closing.handler);
      await other.subscribe(ch, staying.handler);
      expect(await subscribers(ch)).toBe(2);
      await bus.publish(ch, { n: 1, at: 'before' });
      expect(await closing.until(1)).toHaveLength(1);
      expect(await staying.until(1)).toHaveLength(1);

      await bus.close();
      await bus.close();
      // Its subscriber connection is gone (the process can exit), and a publish after close sends nothing.
      expect(await subscribers(ch)).toBe(1);
      await bus.publish(ch, { n: 2, at: 'after close' });
      await other.publish(ch, { n: 3, at: 'still here' });
      expect((await staying.until(2)).map((e) => e.n)).toEqual([1, 3]);
      await pause(50);
      expect(closing.got.map((e) => e.n)).toEqual([1]);
    } finally {
      await Promise.all([bus.close(), other.close()]);
      admin.disconnect();
    }
  });
});
