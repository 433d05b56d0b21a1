import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir, shownDir } from './data-dir-lock.ts';

let dir: string;
let lockFile: string;
const released: Array<() => void> = [];
const lock = (warn = vi.fn()) => {
  const l = lockDataDir(dir, warn);
  released.push(l.release);
  return l;
};
const plant = (holder: object | string) => {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(lockFile, typeof holder === 'string' ? holder : JSON.stringify(holder));
};
const holder = () => JSON.parse(fs.readFileSync(lockFile, 'utf8'));
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-lock-')), 'data');
  lockFile = path.join(dir, LOCK_FILE);
});
afterEach(() => {
  for (const release of released.splice(0)) release();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('creates the folder and a lock naming this process, host and start; release removes it', () => {
    const l = lock();
    expect(holder()).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(Date.parse(holder().startedAt)).toBeGreaterThan(Date.now() - 5000);
    l.release();
    l.release(); // twice is harmless
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses while a live process holds it, with the one line to show', () => {
    plant({ pid: process.ppid, host: os.hostname(), startedAt: new Date().toISOString() });
    expect(() => lock()).toThrow(
      new DataDirLockedError(`Kerbside is already running on ${dir} (pid ${process.ppid}). Stop it first, or set DATA_DIR to another folder.`),
    );
    expect(holder().pid).toBe(process.ppid); // untouched
  });

  it('refuses a second lock in the same process', () => {
    lock();
    expect(() => lock()).toThrow(`Kerbside is already running on ${dir} (pid ${process.pid}).`);
  });

  it('takes over a lock whose process is gone, with a warning', () => {
    const pid = deadPid();
    plant({ pid, host: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z' });
    const warn = vi.fn();
    lock(warn);
    expect(holder().pid).toBe(process.pid);
    expect(warn).toHaveBeenCalledWith(`Taking over the lock on ${dir} left by pid ${pid} (started 2026-01-01T00:00:00.000Z), which is no longer running.`);
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]); // nothing left aside
  });

  it('takes over a lock left by an earlier life of its own pid (a restarted container)', () => {
    plant({ pid: process.pid, host: os.hostname(), startedAt: new Date(Date.now() - process.uptime() * 1000 - 60_000).toISOString() });
    const warn = vi.fn();
    lock(warn);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('takes over an empty or unreadable lock file (killed between creating and writing it)', () => {
    plant('');
    const warn = vi.fn();
    lock(warn);
    expect(warn).toHaveBeenCalledWith(`Taking over an unreadable lock file on ${dir}.`);
    expect(holder().pid).toBe(process.pid);
  });

  it('refuses a lock from another host, whose process cannot be checked from here', () => {
    plant({ pid: deadPid(), host: 'other-box', startedAt: '2026-01-01T00:00:00.000Z' });
    expect(() => lock()).toThrow(/is locked by Kerbside on another machine \(other-box, pid \d+, since 2026-01-01T00:00:00.000Z\)\. Stop it there; if it is no longer running, delete .*kerbside\.lock\./);
    expect(holder().host).toBe('other-box');
  });

  it('release leaves alone a lock that is no longer its own', () => {
    const l = lock();
    plant({ pid: process.ppid, host: os.hostname(), startedAt: new Date().toISOString() });
    l.release();
    expect(holder().pid).toBe(process.ppid);
  });
});

describe('shownDir', () => {
  it('shows a folder inside the working directory as ./relative, others in full', () => {
    expect(shownDir(path.join(process.cwd(), 'data'))).toBe('./data');
    expect(shownDir('data')).toBe('./data');
    expect(shownDir(os.tmpdir())).toBe(path.resolve(os.tmpdir()));
  });
});
