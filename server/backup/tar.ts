import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { BackupError } from './errors.ts';

// The plain (POSIX ustar) tar that a backup bundle is, written and read here with positional reads
// and writes through one reused buffer: memory stays flat however many photos there are, and
// `tar tf`/`tar xf` read the file too. Only regular files are written; names stay under 100 bytes.

const BLOCK = 512;
const CHUNK = 1 << 16;
const MAX_OCTAL_SIZE = 0o77777777777; // 11 octal digits: 8 GiB - 1; larger sizes use GNU base-256

export type TarEntry = { name: string; size: number; offset: number };

const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  block.write(name, 0, 'utf8');
  block.write('0000644\0', 100, 'latin1'); // mode
  block.write('0000000\0', 108, 'latin1'); // uid
  block.write('0000000\0', 116, 'latin1'); // gid
  if (size <= MAX_OCTAL_SIZE) block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  block.write(`${Math.floor(mtime.getTime() / 1000).toString(8).padStart(11, '0')}\0`, 136, 'latin1');
  block.write('0', 156, 'latin1'); // a regular file
  block.write('ustar\u000000', 257, 'latin1');
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

/** The entry a 512-byte block describes, 'end' for the zero block that closes the archive, undefined when it is no header. */
export function parseHeader(block: Buffer): { name: string; size: number } | 'end' | undefined {
  if (block.every((b) => b === 0)) return 'end';
  if (block.toString('latin1', 257, 262) !== 'ustar') return undefined;
  const stored = parseInt(block.toString('latin1', 148, 156).replace(/\0.*$/, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  if (sum !== stored) return undefined;
  const size = block[124] & 0x80 ? Number(block.readBigUInt64BE(124 + 4)) : parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
  const field = (start: number, length: number) => {
    const raw = block.subarray(start, start + length);
    const zero = raw.indexOf(0);
    return raw.subarray(0, zero < 0 ? length : zero).toString('utf8');
  };
  const prefix = field(345, 155);
  return { name: prefix ? `${prefix}/${field(0, 100)}` : field(0, 100), size };
}

/** Appends entries to an open file from its current end (`pos`), then `end()` closes the archive. */
export class TarWriter {
  private pos = 0;
  private readonly buffer = Buffer.alloc(CHUNK);

  constructor(
    private readonly out: FileHandle,
    private readonly mtime: Date,
  ) {}

  private async write(data: Buffer) {
    let done = 0;
    while (done < data.length) done += (await this.out.write(data, done, data.length - done, this.pos + done)).bytesWritten;
    this.pos += data.length;
  }

  private async pad(size: number) {
    if (padded(size) > size) await this.write(Buffer.alloc(padded(size) - size));
  }

  /** Exactly `size` bytes of `from` (from its start); a source that turns out shorter is an error. */
  async addFile(name: string, from: FileHandle, size: number) {
    await this.write(header(name, size, this.mtime));
    for (let at = 0; at < size; ) {
      const { bytesRead } = await from.read(this.buffer, 0, Math.min(CHUNK, size - at), at);
      if (bytesRead === 0) throw new Error(`${name} ended after ${at} of its ${size} bytes`);
      await this.write(this.buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
    await this.pad(size);
  }

  async addJson(name: string, value: unknown) {
    const body = Buffer.from(JSON.stringify(value));
    await this.write(header(name, body.length, this.mtime));
    await this.write(body);
    await this.pad(body.length);
  }

  /**
   * An entry whose size is known only once written: a placeholder header, the lines, then the real
   * header written over the placeholder.
   */
  async addLines(name: string, lines: AsyncIterable<string>) {
    const start = this.pos;
    await this.write(Buffer.alloc(BLOCK));
    let size = 0;
    for await (const line of lines) {
      const bytes = Buffer.from(`${line}\n`);
      await this.write(bytes);
      size += bytes.length;
    }
    await this.pad(size);
    await this.out.write(header(name, size, this.mtime), 0, BLOCK, start);
  }

  /** The two zero blocks that end a tar archive. */
  async end() {
    await this.write(Buffer.alloc(2 * BLOCK));
  }
}

/**
 * The entries of the tar in `fh`, in order, read header by header (contents are skipped, not read).
 * A file that stops before its closing zero block, or a damaged header, is a BackupError naming `file`.
 */
export async function* tarEntries(fh: FileHandle, file: string): AsyncGenerator<TarEntry> {
  const { size: total } = await fh.stat();
  const block = Buffer.alloc(BLOCK);
  for (let pos = 0; ; ) {
    const { bytesRead } = await fh.read(block, 0, BLOCK, pos);
    if (bytesRead < BLOCK) throw new BackupError(`${file} is incomplete (it ends before its last entry): it was cut short, so nothing was restored.`);
    const entry = parseHeader(block);
    if (entry === 'end') return;
    if (!entry) throw new BackupError(`${file} is damaged (a bad entry at byte ${pos}): nothing was restored.`);
    if (pos + BLOCK + entry.size > total) throw new BackupError(`${file} is incomplete (it ends inside ${entry.name}): it was cut short, so nothing was restored.`);
    yield { name: entry.name, size: entry.size, offset: pos + BLOCK };
    pos += BLOCK + padded(entry.size);
  }
}

/** An entry's content (small ones: the manifest and the summary). */
export async function readEntry(fh: FileHandle, entry: TarEntry): Promise<Buffer> {
  const body = Buffer.alloc(entry.size);
  await fh.read(body, 0, entry.size, entry.offset);
  return body;
}

/** Copies an entry's content into `to` (from its start), through one reused buffer. */
export async function copyEntry(fh: FileHandle, entry: TarEntry, to: FileHandle) {
  const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
  for (let at = 0; at < entry.size; ) {
    const { bytesRead } = await fh.read(buffer, 0, Math.min(buffer.length, entry.size - at), entry.offset + at);
    let written = 0;
    while (written < bytesRead) written += (await to.write(buffer, written, bytesRead - written, at + written)).bytesWritten;
    at += bytesRead;
  }
}

/** The last `bytes` of the tar `file` hold its final small entry: found by scanning those blocks (a quick read, so synchronous). */
export function findTailEntry(file: string, name: string, bytes = 8 * BLOCK): Buffer | undefined {
  const fd = fs.openSync(file, 'r');
  try {
    const { size } = fs.fstatSync(fd);
    if (size % BLOCK !== 0 || size < 3 * BLOCK) return undefined;
    const start = Math.max(0, size - bytes);
    const tail = Buffer.alloc(size - start);
    fs.readSync(fd, tail, 0, tail.length, start);
    for (let at = 0; at + BLOCK <= tail.length; at += BLOCK) {
      const entry = parseHeader(tail.subarray(at, at + BLOCK));
      if (entry && entry !== 'end' && entry.name === name && at + BLOCK + entry.size <= tail.length) {
        return tail.subarray(at + BLOCK, at + BLOCK + entry.size);
      }
    }
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
