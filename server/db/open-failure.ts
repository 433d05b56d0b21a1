import { listBackups } from '../backup/files.ts';
import { shownDir } from './data-dir-lock.ts';

/** The embedded database in `dataDir` could not be opened or migrated: damaged files, most likely. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly dataDir: string,
    options: { cause: unknown },
  ) {
    super(`The database in ${dataDir} could not be opened`, options);
  }
}

/** Why, in a few words: PGlite reports damaged files only as a WebAssembly abort. */
function shortReason(err: unknown) {
  if (err instanceof Error && err.name === 'RuntimeError' && err.message.startsWith('Aborted(')) {
    return 'PostgreSQL stopped on damaged files';
  }
  const message = err instanceof Error ? err.message : String(err);
  const line = message.split('\n')[0].trim() || 'unknown error';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** What start-up prints instead of a stack trace: what happened and the one command that fixes it. */
export function openFailureMessage(dataDir: string, err: unknown) {
  const shown = shownDir(dataDir);
  const head = `The database in ${shown} could not be opened (${shortReason(err)}).`;
  const backup = listBackups(dataDir)[0]?.file; // newest first
  if (backup) return `${head} Restore the latest backup: npm run restore -- ${shownDir(backup)}`;
  const aside = `${shown.replace(/\/+$/, '')}.damaged`;
  return `${head} There is no backup in ${shown}/backups. To start afresh with an empty database, move the folder away: mv ${shown} ${aside}`;
}
