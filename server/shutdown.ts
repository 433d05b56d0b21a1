import type { App } from './app.ts';

// A stop that a proxy in front of several processes never notices (issue 29; docs/OPERATIONS.md
// "Rolling restarts"):
//   1. draining: /readyz answers 503 at once, so the proxy's health check takes this process out of its
//      rotation, while every request and socket is still served as before (SHUTDOWN_DRAIN_MS);
//   2. closing (app.close()): sockets are closed with 1012, which the client reads as "reconnect now"
//      (through the proxy, to another process) and then reads again what it may have missed; the
//      listener closes, and the idle keep-alive connections with it; requests in flight finish, and
//      their connections close after their answer (Connection: close), so a proxy never sends a request
//      into a connection that is about to close. Then the app's own parts close (jobs, bus, mail); the
//      caller closes the database last.
// The state /readyz reads, and the Connection: close of the closing step, are plugins/lifecycle.ts.

export type StopOptions = {
  /** How long /readyz answers 503 before the listener closes (SHUTDOWN_DRAIN_MS; 0 closes at once). */
  drainMs: number;
  /** How long the close waits for requests in flight before giving up on them. */
  graceMs: number;
  /** Settles when the stop must not wait any longer (a second signal): the drain and the wait end. */
  hurry?: Promise<unknown>;
};

/**
 * How a stop ended: 'closed' within the grace; 'grace' ran out with requests still running; 'hurried'
 * (`hurry` settled first: the rest closes without being waited for); 'failed' (the close threw; logged).
 */
export type StopOutcome = 'closed' | 'grace' | 'hurried' | 'failed';

/**
 * Drains, then closes the app; not its database: the caller closes that once this resolves, however
 * the stop ended.
 */
export async function stopServing(app: App, { drainMs, graceMs, hurry }: StopOptions): Promise<StopOutcome> {
  const hurried = (hurry ?? new Promise<never>(() => {})).then(() => 'hurried' as const);
  if (app.lifecycle.state === 'serving') app.lifecycle.state = 'draining';
  if (drainMs > 0) {
    app.log.info(`draining: /readyz answers 503 for ${drainMs} ms while requests are still served`);
    let timer: NodeJS.Timeout | undefined;
    const drained = new Promise<'drained'>((resolve) => (timer = setTimeout(() => resolve('drained'), drainMs)));
    const how = await Promise.race([drained, hurried]);
    clearTimeout(timer);
    if (how === 'hurried') {
      // Still closed (sockets told, listener shut), only without waiting for requests.
      app.close().catch((err: unknown) => app.log.error({ err }, 'closing the app failed'));
      return how;
    }
  }
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'grace'>((resolve) => (timer = setTimeout(() => resolve('grace'), graceMs)));
  const closed = app.close().then(
    () => 'closed' as const,
    (err: unknown) => {
      app.log.error({ err }, 'closing the app failed');
      return 'failed' as const;
    },
  );
  const how = await Promise.race([closed, grace, hurried]);
  clearTimeout(timer);
  if (how === 'grace') app.log.warn(`requests still running after ${graceMs / 1000} s; closing anyway`);
  return how;
}
