import { vi } from 'vitest';

// An XMLHttpRequest the test answers by hand (photo uploads use XHR for its upload progress).
// Install with installFakeXhr(); FakeXhr.all holds every request made. vi.unstubAllGlobals() undoes it.

type ProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

export class FakeXhr {
  static all: FakeXhr[] = [];
  static get last(): FakeXhr | undefined {
    return FakeXhr.all[FakeXhr.all.length - 1];
  }
  /** Requests sent and not yet answered or aborted. */
  static get open(): FakeXhr[] {
    return FakeXhr.all.filter((x) => x.sent && !x.settled);
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  sent = false;
  settled = false;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    if (this.settled) return;
    this.settled = true;
    this.onabort?.();
  }
  /** The bytes leaving: `loaded` of `total`. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.settled = true;
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  /** No answer at all (offline, connection dropped). */
  fail() {
    this.settled = true;
    this.onerror?.();
  }
  /** The file sent as the multipart field `file`. */
  get file(): File | null {
    return this.body instanceof FormData ? (this.body.get('file') as File | null) : null;
  }
}

/**
 * FakeXhr in place of XMLHttpRequest, with no request made yet, and object URLs (the picker's
 * thumbnails) that jsdom lacks.
 */
export function installFakeXhr() {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
}
