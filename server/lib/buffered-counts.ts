/**
 * Counts kept in this process's memory and written to the database together, never a write per
 * request: a post's views (posts/view-counter.ts), a member's post reads of a day (trust/visits.ts).
 * `write` gets the waiting counts in chunks of `chunk` (one statement each); what a failed chunk and
 * the chunks after it held is kept for the next flush rather than lost. Flushes never overlap: one
 * asked for during another waits for it, then writes what arrived meanwhile. Who owns the buffer
 * flushes it on the job runner's per-process timer (`jobs.inEveryProcess`, which also flushes it once
 * more when the app closes).
 */
export type BufferedCounts<K> = {
  /** Adds `n` (1 by default) to the key's waiting count; returns that count. */
  add(key: K, n?: number): number;
  /** The key's count not yet written. */
  pending(key: K): number;
  /** Writes every waiting count now; resolves when it (and any flush before it) is done. */
  flush(): Promise<void>;
};

export function createBufferedCounts<K>(opts: {
  write: (rows: Array<[K, number]>) => Promise<unknown>;
  chunk: number;
  log: { error(obj: unknown, msg?: string): void };
  /** What is counted, for the log: "view counts". */
  what: string;
}): BufferedCounts<K> {
  let buffer = new Map<K, number>();
  let flushing: Promise<void> | null = null;

  async function writeBuffer() {
    if (buffer.size === 0) return;
    const batch = buffer;
    buffer = new Map();
    const rows = [...batch];
    try {
      for (let i = 0; i < rows.length; i += opts.chunk) {
        const chunk = rows.slice(i, i + opts.chunk);
        await opts.write(chunk);
        for (const [key] of chunk) batch.delete(key);
      }
    } catch (err) {
      for (const [key, n] of batch) buffer.set(key, (buffer.get(key) ?? 0) + n);
      opts.log.error({ err }, `${opts.what}: flush failed, will retry`);
    }
  }

  return {
    add(key, n = 1) {
      const count = (buffer.get(key) ?? 0) + n;
      buffer.set(key, count);
      return count;
    },
    pending: (key) => buffer.get(key) ?? 0,
    flush() {
      const run = (flushing ?? Promise.resolve()).then(writeBuffer);
      const tracked = run.finally(() => {
        if (flushing === tracked) flushing = null;
      });
      flushing = tracked;
      return tracked;
    },
  };
}
