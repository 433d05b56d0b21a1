import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.ts';

/**
 * Work that must wait for the surrounding transaction to commit (issue 29): waking the job runner for
 * the outbox rows the transaction wrote, and this process's own caches and sockets following a domain
 * event. Drizzle has no commit hook, so `trackCommits` wraps `db.transaction`: the callbacks registered
 * inside it run once it has committed, and are dropped when it rolls back. A transaction opened inside
 * another's callback (a nested service call) adds to the outer list, so nothing runs before the
 * outermost commit.
 */
type Callback = () => void | Promise<void>;
const pending = new AsyncLocalStorage<Callback[]>();
const TRACKED = Symbol('kerbside.trackCommits');

export function trackCommits(db: Db): Db {
  const tracked = db as Db & { [TRACKED]?: true };
  if (tracked[TRACKED]) return db;
  const transaction = db.transaction.bind(db);
  tracked.transaction = (async (fn: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    if (pending.getStore()) return transaction(fn, config);
    const callbacks: Callback[] = [];
    const result = await pending.run(callbacks, () => transaction(fn, config));
    // Outside the list's scope: a callback that opens a transaction of its own gets a fresh one. Awaited,
    // so the caller (a request) continues once this process's caches follow its change; callbacks
    // handle their own failures.
    await pending.exit(() => Promise.all(callbacks.map((callback) => callback())));
    return result;
  }) as Db['transaction'];
  tracked[TRACKED] = true;
  return db;
}

/**
 * Runs `callback` once the surrounding transaction has committed (the transaction's caller waits for
 * it); at once when there is none (and the promise is the callback's). It must not throw.
 */
export async function afterCommit(callback: Callback): Promise<void> {
  const callbacks = pending.getStore();
  if (callbacks) callbacks.push(callback);
  else await callback();
}
