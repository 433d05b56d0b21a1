import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder to run the real server from as a process (`node --import tsx server/main.ts`), beside a
 * stand-in built client, so that tests never depend on (or write into) the checkout's dist/client,
 * which a clean clone has not built yet when the unit tests run. server/ is copied, not linked: the
 * server finds dist/client and drizzle/ from its own files' real place (server/lib/package-root.ts).
 * The caller removes the folder.
 */
export function serverProcessRoot(): string {
  const repo = path.resolve(import.meta.dirname, '../..');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-process-'));
  fs.cpSync(path.join(repo, 'server'), path.join(root, 'server'), { recursive: true });
  for (const name of ['common', 'drizzle', 'node_modules', 'package.json']) fs.symlinkSync(path.join(repo, name), path.join(root, name));
  fs.mkdirSync(path.join(root, 'dist/client'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/client/index.html'), '<!doctype html><title>Kerbside</title>');
  return root;
}
