// Socket clients for the real-time tests: a listening app, `ws` clients with a member's cookie,
// waiting for a given frame with a timeout (so a missing frame fails the test instead of hanging it),
// and a bus the test can listen to.
import type { AddressInfo } from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import type { ServerFrame, ServerFrameType } from '../../common/ws-events.ts';
import { createLocalBus, type EventBus } from '../realtime/bus.ts';
import type { TestApp } from './app.ts';

/** Starts the app on 127.0.0.1, a free port; returns its ws:// address of /ws (closed by app.close()). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/ws`;
}

export type TestSocket = {
  ws: WebSocket;
  /** Every frame received so far, in order. */
  frames: ServerFrame[];
  send(frame: unknown): void;
  /** The first frame of this type (and matching `where`) not returned by an earlier next(), waiting up to `ms`. */
  next<K extends ServerFrameType>(type: K, where?: (f: ServerFrame<K>) => boolean, ms?: number): Promise<ServerFrame<K>>;
  /** Resolves when the socket closes, with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
};

/** Connects; resolves once open (or once closed, for refused sockets: see `closed`). */
export function connect(url: string, cookie?: string, opts: ClientOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { ...opts, headers: { ...(cookie ? { cookie } : {}), ...opts.headers } });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  const taken = new Set<number>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ServerFrame);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('error', () => undefined); // a refused or reset socket reports through `closed`
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (type, where, ms = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          for (let i = 0; i < frames.length; i++) {
            const f = frames[i];
            if (!taken.has(i) && f.type === type && (!where || where(f as never))) {
              taken.add(i);
              waiters.delete(check);
              clearTimeout(timer);
              resolve(f as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      const timer = setTimeout(() => ws.terminate(), 1000);
      await closed;
      clearTimeout(timer);
    },
  };
  return new Promise((resolve) => {
    ws.once('open', () => resolve(socket));
    void closed.then(() => resolve(socket));
  });
}

/** An in-process bus to build the app with (buildTestApp(…, { bus })): the test subscribes to it to see what the app publishes. */
export const testBus = (): EventBus => createLocalBus({ warn: () => undefined, error: () => undefined } as never);

/** Waits `ms` (for "nothing else arrives" checks). */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
