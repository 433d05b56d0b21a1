/**
 * A limit on how many of some costly tasks run at once: `run(task)` starts the task when fewer than
 * `max` are running, or waits its turn (first come, first served). The slot a finished task frees goes
 * straight to the next one waiting.
 */
export function limitConcurrency(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Tasks running now, and waiting. */
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
