import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

// Running the server compiled to JavaScript (dist/server, ADR 0005) as its own process, with a given
// Node binary: the machine's (scripts/build-server.test.ts) or another release line's
// (scripts/runtime.test.ts).

export type NodeProcess = {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  out: { text: string };
  exited: Promise<number | null>;
};

/** A port nobody listens on now (the OS's choice). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * `node args` in `cwd`, leading its own process group (killGroup ends it and whatever it started).
 * Nothing of the test process's setup reaches it: no NODE_OPTIONS (an --import tsx would hide a broken
 * build), no database or Redis of the machine.
 */
export function runNode(node: string, args: string[], opts: { cwd: string; env?: Record<string, string> }): NodeProcess {
  const { NODE_OPTIONS: _o, DATABASE_URL: _d, REDIS_URL: _r, WEB_CONCURRENCY: _w, ...base } = process.env;
  const child = spawn(node, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...base, ...opts.env } });
  const out = { text: '' };
  child.stdout!.on('data', (d) => (out.text += d));
  child.stderr!.on('data', (d) => (out.text += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

export function killGroup(proc: NodeProcess) {
  try {
    process.kill(-proc.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** /readyz's first 200 (migrated, database answering); fails with the server's output if it exits or takes longer than `timeoutMs`. */
export async function waitForReady(port: number, proc: NodeProcess, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`the compiled server exited (${proc.child.exitCode}):\n${proc.out.text}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (res?.ok) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the compiled server was not ready within ${timeoutMs / 1000} s:\n${proc.out.text}`);
}
