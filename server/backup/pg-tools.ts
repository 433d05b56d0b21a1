import { spawn, spawnSync } from 'node:child_process';
import { BackupError } from './errors.ts';

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

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
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

/** Replaces whatever of the dump's objects the database has (--clean) in one transaction: all or nothing. */
export function pgRestore(url: string, file: string) {
  const { dbname, env } = connection(url);
  return run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}
