import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A small disk of its own for the disk-space tests: a tmpfs (memory-backed, a hard size limit) that
// fills up as a real disk does. Mounting needs root, as the machine and CI run the tests.

/** Why the tmpfs tests cannot run here, or undefined when they can. */
export const tmpfsUnavailable = (): string | undefined =>
  process.platform !== 'linux' ? 'needs Linux (mount -t tmpfs)' : process.getuid?.() !== 0 ? 'needs root to mount a tmpfs' : undefined;

export type Tmpfs = { dir: string; unmount(): void };

/** A fresh tmpfs of `sizeMb` mounted on a new folder; unmount() removes both. */
export function mountTmpfs(sizeMb: number): Tmpfs {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  return {
    dir,
    unmount: () => {
      // lazy: a process the test killed may still hold a file open for a moment
      execFileSync('umount', ['-l', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Bytes free for an unprivileged writer, as the server reads them. */
export function freeBytes(dir: string) {
  const s = fs.statfsSync(dir);
  return s.bavail * s.bsize;
}

/**
 * Another program filling the disk: writes `file` until at most `leaveBytes` stay free (0: until the
 * disk refuses more). Returns the bytes it wrote.
 */
export function fillDisk(file: string, leaveBytes = 0): number {
  const chunk = Buffer.alloc(256 * 1024, 0x6b);
  const fd = fs.openSync(file, 'a');
  let written = 0;
  try {
    for (;;) {
      const room = freeBytes(path.dirname(file)) - leaveBytes;
      if (room <= 0) break;
      written += fs.writeSync(fd, chunk, 0, Math.min(chunk.length, room));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  return written;
}
