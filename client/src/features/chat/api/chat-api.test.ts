import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { chatUnreadQueryOptions, conversationQueryOptions, inboxQueryOptions } from './chat-api';

// Issue 18: the chat's polls (every 5 s) stop at a refusal, instead of asking for a 403 for ever.

const withError = (error: unknown) => ({ state: { error } });
const refusal = (status: number) => new ApiError(status, '', '{}', { message: 'no' });
type Interval = (query: ReturnType<typeof withError>) => number | false;

describe('chat polls', () => {
  const polls: Array<[string, unknown]> = [
    ['unread count', chatUnreadQueryOptions().refetchInterval],
    ['inbox', inboxQueryOptions().refetchInterval],
    ['conversation', conversationQueryOptions(5).refetchInterval],
  ];
  it.each(polls)('%s: every 5 s, also after a network or server error; not after 401, 403 or 404', (_name, interval) => {
    const next = interval as Interval;
    expect(next(withError(null))).toBe(5000);
    expect(next(withError(new TypeError('Failed to fetch')))).toBe(5000);
    expect(next(withError(refusal(500)))).toBe(5000);
    for (const status of [401, 403, 404]) expect(next(withError(refusal(status)))).toBe(false);
  });
});
