import { spawn, spawnSync } from 'node:child_process';
import type { Readable } from 'node:stream';
import { BackupError } from './errors.ts';
import { readPart, type FilePart } from './files.ts';

/** Whether PostgreSQL's own client program `name` (pg_dump, pg_restore) is on PATH. */
export function hasTool(name: 'pg_dump' | 'pg_restore'): boolean {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** The URL without its password, which goes in PGPASSWORD instead: a command line is visible in `ps`. */
function connection(url: string) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv, input?: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    // The tool may stop reading (an error): its exit code says why, not the broken pipe.
    child.stdin.on('error', () => undefined);
    if (input) {
      input.on('error', reject);
      input.pipe(child.stdin);
    } else child.stdin.end();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().split('\n')[0] || 'no message'}`));
    });
  });
}

/** pg_dump's custom format: compressed, the whole database (schema, data, migration history). */
export function pgDump(url: string, file: string) {
  const { dbname, env } = connection(url);
  return run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Replaces whatever of the dump's objects the database has (--clean) in one transaction: all or nothing.
 * A dump inside a bundle (`part`) is fed on standard input, which pg_restore reads in order.
 */
export function pgRestore(url: string, file: string, part?: FilePart) {
  const { dbname, env } = connection(url);
  const args = ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  return part ? run('pg_restore', args, env, readPart(file, part)) : run('pg_restore', [...args, file], env);
}
