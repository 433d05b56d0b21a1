import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './own-postgres.ts';

/**
 * A Redis of the test's own on a spare port, nothing saved to disk, that the test may kill (SIGKILL,
 * as a crash or an OOM kill would) and start again on the same port (fault tests: the machine's own
 * Redis is never touched). `ownRedisAvailable` says whether this machine has redis-server.
 */
export type OwnRedis = { url: string; port: number; kill(): Promise<void>; start(): Promise<void>; destroy(): Promise<void> };

export const ownRedisAvailable = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Resolves once something on the port answers PING with PONG (10 s at most). */
async function answering(port: number): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(500, () => socket.destroy());
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (d) => {
        resolve(d.toString().startsWith('+PONG'));
        socket.destroy();
      });
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`own Redis on port ${port} did not answer within 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  // A test process that ends without destroy() does not leave its Redis behind.
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await answering(port);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    destroy: async () => {
      await kill();
      process.off('exit', onExit);
    },
  };
}
