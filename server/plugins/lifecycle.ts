import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The app's place in a stop (server/shutdown.ts): /readyz reads it, and while the app closes every answer
// says Connection: close.

/** Where the process is in its stop: /readyz says 503 from 'draining' on. */
export type Lifecycle = { state: 'serving' | 'draining' | 'closing' };

export const createLifecycle = (): Lifecycle => ({ state: 'serving' });

/**
 * Marks the app as closing once app.close() begins (however it is called), and answers every request
 * from then on with Connection: close: Node closes a keep-alive connection that is idle when the
 * listener closes, but one busy with a request would otherwise stay open after its answer until its
 * keep-alive timeout, holding the close up (and inviting the proxy's next request).
 */
export const lifecyclePlugin = fp(
  async (app: FastifyInstance, { lifecycle }: { lifecycle: Lifecycle }) => {
    app.addHook('preClose', async () => {
      lifecycle.state = 'closing';
    });
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (lifecycle.state === 'closing') reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'kerbside-lifecycle' },
);
