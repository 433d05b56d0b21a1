import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DatabaseOpenError } from '../db/open-failure.ts';
import { BackupError } from './errors.ts';

/**
 * Runs a backup command: the configuration from the environment, then `main`. What the operator can act
 * on (bad config, a refusal, DATA_DIR in use) is printed as one line and exits 1; anything else is a
 * bug and keeps its stack. `busy` finishes the line shown when a server holds DATA_DIR.
 */
export function runCommand(busy: string, main: (config: Config) => Promise<void>) {
  const run = async () => main(loadConfig());
  run().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof BackupError) console.error(err.message);
    // The lock's own advice is for a second start ("set DATA_DIR to another folder"): keep only who holds it.
    else if (err instanceof DataDirLockedError) console.error(`${err.message.split('. ')[0]}. ${busy}`);
    else if (err instanceof DatabaseOpenError) console.error(`${err.message}: ${firstLine(err.cause)}`);
    else throw err;
    process.exitCode = 1;
  });
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 1)} MB`;

/** A database URL fit to print: without its password. */
export function withoutPassword(url: string) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Rows per table, one line each, aligned. */
export function printCounts(rows: Record<string, number>) {
  const width = Math.max(...Object.keys(rows).map((t) => t.length));
  for (const [table, n] of Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${table.padEnd(width)} ${String(n).padStart(8)}`);
}
