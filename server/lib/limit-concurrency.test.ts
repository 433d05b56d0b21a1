import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limit-concurrency.ts';

/** A task that ends when the test says so. */
function task(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('runs at most max at once, the others in the order they came, each as soon as a slot is free', async () => {
    const limit = limitConcurrency(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((n) => task(log, n));
    const results = tasks.map((t) => limit.run(t.run));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);
    tasks[1]!.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await tick();
    expect(log.slice(4).sort()).toEqual(['end a', 'end c', 'start d']);
    expect([limit.running, limit.waiting]).toEqual([1, 0]);
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const limit = limitConcurrency(1);
    await expect(limit.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.running).toBe(0);
  });
});
