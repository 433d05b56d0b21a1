import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL of the test's own, in a temporary folder on a spare port, that the test may stop and
 * start again (fault tests: the machine's own server is never stopped). Needs the server's binaries
 * and, when run as root, the `postgres` user to run them as; `ownPostgresAvailable` says whether this
 * machine has them.
 */
export type OwnPostgres = { url: string; port: number; stop(): void; start(): void; destroy(): void };

function binDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(base, version, 'bin') : undefined;
}

const asRoot = process.getuid?.() === 0;
const hasPostgresUser = () => {
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export const ownPostgresAvailable = !!binDir() && (!asRoot || hasPostgresUser());

/** A port nothing listens on now (127.0.0.1). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir()!;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-own-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', root]);
  const run = (cmd: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, cmd), asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args, { stdio: 'ignore' });
  const data = path.join(root, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
