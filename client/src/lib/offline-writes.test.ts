import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createOfflineWrites, isFinalRefusal, isNetworkFailure, memoryStore, RETRY_MS, type OfflineWrite, type Settled } from './offline-writes';

const write = (clientId: string, extra: Partial<OfflineWrite> = {}): OfflineWrite => ({
  clientId,
  kind: 'comment',
  userId: 7,
  createdAt: `2026-11-24T10:00:0${clientId.length % 10}.000Z`,
  url: '/api/forum/posts/3/comments',
  body: { content: `text of ${clientId}`, clientId },
  postId: 3,
  ...extra,
});

const refused = (status: number, message: string) => new ApiError(status, 'x', JSON.stringify({ message }), { message });
const offlineError = () => new TypeError('Failed to fetch');

function setup(opts: { online?: boolean; send?: (w: OfflineWrite) => Promise<unknown> } = {}) {
  const store = memoryStore();
  let online = opts.online ?? true;
  const send = vi.fn(opts.send ?? (async (w: OfflineWrite) => ({ id: 1, clientId: w.clientId })));
  const queue = createOfflineWrites({ store, online: () => online, send });
  const settled: Settled[] = [];
  queue.onSettled((e) => settled.push(e));
  return { store, send, queue, settled, setOnline: (v: boolean) => (online = v) };
}

afterEach(() => vi.restoreAllMocks());

describe('isNetworkFailure / isFinalRefusal', () => {
  it('a fetch TypeError is the network; 4xx are final except 401, 408 and 429; 5xx never', () => {
    expect(isNetworkFailure(offlineError())).toBe(true);
    expect(isNetworkFailure(refused(500, 'Oops'))).toBe(false);
    expect([400, 403, 404, 409].map((s) => isFinalRefusal(refused(s, 'no')))).toEqual([true, true, true, true]);
    expect([401, 408, 429, 500, 503].map((s) => isFinalRefusal(refused(s, 'later')))).toEqual([false, false, false, false, false]);
    expect(isFinalRefusal(offlineError())).toBe(false);
  });
});

describe('submit', () => {
  it('online: sends at once and keeps nothing', async () => {
    const { queue, send, store } = setup();
    expect(await queue.submit(write('aaaaaaaa'))).toEqual({ sent: true, result: { id: 1, clientId: 'aaaaaaaa' } });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await store.all()).toEqual([]);
  });

  it('the browser says offline: kept without trying, and shown as pending', async () => {
    const { queue, send } = setup({ online: false });
    expect(await queue.submit(write('bbbbbbbb'))).toEqual({ sent: false });
    expect(send).not.toHaveBeenCalled();
    expect(queue.getSnapshot().map((w) => w.clientId)).toEqual(['bbbbbbbb']);
  });

  it('the request fails on the way (no signal, or the answer lost): kept to be sent again', async () => {
    const { queue } = setup({ send: async () => Promise.reject(offlineError()) });
    expect(await queue.submit(write('cccccccc'))).toEqual({ sent: false });
    expect(queue.getSnapshot()).toHaveLength(1);
  });

  it("the server's refusal is the caller's to show: thrown, nothing kept", async () => {
    const { queue } = setup({ send: async () => Promise.reject(refused(400, 'Comment cannot be empty')) });
    await expect(queue.submit(write('dddddddd'))).rejects.toMatchObject({ status: 400 });
    expect(queue.getSnapshot()).toEqual([]);
  });
});

describe('submit when the device cannot keep it', () => {
  it('throws (the form keeps the text and says it could not reach us) rather than losing it', async () => {
    const store = { ...memoryStore(), put: async () => Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError')) };
    const queue = createOfflineWrites({ store, online: () => false, send: vi.fn() });
    await expect(queue.submit(write('nospace1'))).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(queue.getSnapshot()).toEqual([]);
  });
});

describe('flush', () => {
  it('sends the member’s kept writes oldest first, each once, then forgets them', async () => {
    const { queue, send, store, settled } = setup({ online: false });
    await queue.submit(write('second-1', { createdAt: '2026-11-24T10:00:02.000Z' }));
    await queue.submit(write('first-01', { createdAt: '2026-11-24T10:00:01.000Z' }));
    await queue.flush(7);
    expect(send).not.toHaveBeenCalled(); // still offline
    expect(queue.getSnapshot()).toHaveLength(2);
    const back = setup();
    // Same store, back online (what a reload on signal would see).
    const again = createOfflineWrites({ store, online: () => true, send: back.send });
    again.onSettled((e) => settled.push(e));
    await Promise.all([again.flush(7), again.flush(7)]);
    expect(back.send.mock.calls.map(([w]) => w.clientId)).toEqual(['first-01', 'second-1']);
    expect(await store.all()).toEqual([]);
    expect(settled.map((e) => [e.type, e.write.clientId])).toEqual([
      ['sent', 'first-01'],
      ['sent', 'second-1'],
    ]);
  });

  it("never sends another member's writes", async () => {
    const { queue, send, setOnline } = setup({ online: false });
    await queue.submit(write('theirs01', { userId: 8 }));
    setOnline(true);
    await queue.flush(7);
    expect(send).not.toHaveBeenCalled();
    expect(queue.getSnapshot().map((w) => w.clientId)).toEqual(['theirs01']);
  });

  it('a final refusal keeps the text with the reason and never sends it again; a 5xx waits for the next chance', async () => {
    const answers: Array<() => Promise<unknown>> = [
      () => Promise.reject(refused(403, 'This discussion is locked. New comments are not allowed.')),
      () => Promise.reject(refused(503, 'Down for maintenance')),
    ];
    const { queue, send, setOnline, settled } = setup({ online: false, send: () => answers.shift()!() });
    await queue.submit(write('locked01', { createdAt: '2026-11-24T10:00:01.000Z' }));
    await queue.submit(write('later001', { createdAt: '2026-11-24T10:00:02.000Z' }));
    setOnline(true);
    await queue.flush(7);
    expect(queue.getSnapshot().map((w) => [w.clientId, w.error])).toEqual([
      ['locked01', 'This discussion is locked. New comments are not allowed.'],
      ['later001', undefined],
    ]);
    expect(settled.map((e) => e.type)).toEqual(['refused']);
    send.mockImplementation(async (w: OfflineWrite) => ({ id: 2, clientId: w.clientId }));
    await queue.flush(7);
    expect(send.mock.calls.map(([w]) => w.clientId)).toEqual(['locked01', 'later001', 'later001']);
    await queue.discard('locked01');
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('stops at the first network failure and tries again when the connection returns', async () => {
    let signal = false;
    const { queue, send, setOnline } = setup({
      online: false,
      send: async (w) => (signal ? { id: 3, clientId: w.clientId } : Promise.reject(offlineError())),
    });
    await queue.submit(write('waiting1'));
    await queue.submit(write('waiting2'));
    setOnline(true);
    const stop = queue.start(7);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    signal = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    stop();
    expect(send).toHaveBeenCalledTimes(3);
  });
});

describe('start', () => {
  it('tries again now and then while the browser says online (a weak signal sends no online event)', async () => {
    vi.useFakeTimers();
    let signal = false;
    const { queue, send } = setup({ send: async (w) => (signal ? { id: 4, clientId: w.clientId } : Promise.reject(offlineError())) });
    await queue.submit(write('weak-sig'));
    const stop = queue.start(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2); // the submit, and the flush on start
    signal = true;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(queue.getSnapshot()).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(send).toHaveBeenCalledTimes(3); // nothing waits: no more tries
    stop();
    vi.useRealTimers();
  });
});

describe('forget (issue 18: signing out)', () => {
  it('removes every write of the member, waiting or refused, and leaves other members’ alone', async () => {
    const { queue, store } = setup({ online: false });
    await queue.submit(write('aaaaaaaa'));
    await store.put(write('bbbbbbbb', { error: 'Too short' }));
    await queue.submit(write('cccccccc', { userId: 8 }));
    await queue.forget(7);
    expect((await store.all()).map((w) => w.clientId)).toEqual(['cccccccc']);
    expect(queue.getSnapshot().map((w) => w.clientId)).toEqual(['cccccccc']);
  });
});

