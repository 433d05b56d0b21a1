import { describe, expect, it } from 'vitest';
import { applyStatus, badge, chatAccessProblem, mergeMessages, newMessageToastTitle, tickState, unreadTitle, validateMessage, withChatAccess, type ChatMessage } from './messages';
import { setDeviceMember } from '@/lib/storage';
import { addToOutbox, loadDraft, loadOutbox, outboxFor, removeFromOutbox, saveDraft } from './outbox';

const msg = (over: Partial<ChatMessage>): ChatMessage => ({ id: 1, conversationId: 7, senderId: 1, content: 'hi', createdAt: '2026-01-01T10:00:00Z', ...over });

describe('mergeMessages', () => {
  it('replaces a pending copy by the server copy with the same clientMessageId', () => {
    const pending = msg({ id: 'c1', clientMessageId: 'c1', pending: true, createdAt: '2026-01-01T11:00:00Z' });
    const server = msg({ id: 5, clientMessageId: 'c1', createdAt: '2026-01-01T11:00:01Z' });
    const out = mergeMessages([msg({ id: 4 }), pending], [server]);
    expect(out.map((m) => m.id)).toEqual([4, 5]);
    expect(out[1]!.pending).toBeFalsy();
  });
  it('never duplicates the same id and keeps known read times', () => {
    const a = msg({ id: 2, readAt: '2026-01-01T10:01:00Z' });
    const out = mergeMessages([a], [msg({ id: 2 }), msg({ id: 2 })]);
    expect(out).toHaveLength(1);
    expect(out[0]!.readAt).toBe('2026-01-01T10:01:00Z');
  });
  it('sorts by time, pending last', () => {
    const out = mergeMessages([msg({ id: 'p', clientMessageId: 'p', pending: true })], [msg({ id: 3, createdAt: '2026-01-01T12:00:00Z' }), msg({ id: 2 })]);
    expect(out.map((m) => m.id)).toEqual([2, 3, 'p']);
  });
  it('does not let a pending copy overwrite a server copy', () => {
    const out = mergeMessages([msg({ id: 9, clientMessageId: 'x' })], [msg({ id: 'x', clientMessageId: 'x', pending: true })]);
    expect(out).toEqual([msg({ id: 9, clientMessageId: 'x', deliveredAt: null, readAt: null, pending: undefined, failed: undefined })]);
  });
});

describe('ticks and status', () => {
  it('goes sent → delivered → read', () => {
    let list = [msg({ id: 1 })];
    expect(tickState(list[0]!)).toBe('sent');
    list = applyStatus(list, [1], '2026-01-01T10:00:01Z');
    expect(tickState(list[0]!)).toBe('delivered');
    list = applyStatus(list, ['1'], undefined, '2026-01-01T10:00:02Z');
    expect(tickState(list[0]!)).toBe('read');
    expect(tickState(msg({ pending: true }))).toBe('pending');
  });
});

describe('texts', () => {
  it('validates per spec §5', () => {
    expect(validateMessage('  hi  ', 3)).toEqual({ ok: true, text: 'hi' });
    expect(validateMessage('   ', 3)).toEqual({ ok: false, error: null });
    expect(validateMessage('x'.repeat(1001), 3).ok).toBe(false);
    expect(validateMessage('x'.repeat(1000), 3).ok).toBe(true);
    expect(validateMessage('hi', 'temp_1')).toEqual({ ok: false, error: 'Conversation is still being created. Please wait.' });
  });
  it('titles, toasts and badges', () => {
    expect(unreadTitle('Kerbside', 3)).toBe('(3) Kerbside');
    expect(unreadTitle('(3) Kerbside', 0)).toBe('Kerbside');
    expect(newMessageToastTitle(1, 'sam')).toBe('New message from sam');
    expect(newMessageToastTitle(4, 'sam')).toBe('4 new messages');
    expect(badge(100)).toBe('99+');
    expect(badge(99)).toBe('99');
  });
});

describe('chat access (spec §4), from the signed-in user', () => {
  const ok = { id: 1, emailVerified: true, chatSuspended: false };
  it('verification first, then the suspension, as the server checks them', () => {
    expect(chatAccessProblem(ok)).toBeNull();
    expect(chatAccessProblem(null)).toBeNull();
    expect(chatAccessProblem({ ...ok, chatSuspended: true })).toBe('suspended');
    expect(chatAccessProblem({ emailVerified: false, chatSuspended: true })).toBe('verification');
  });
  it('a chat_access frame changes only what it says; the same object when nothing changes', () => {
    const suspended = withChatAccess(ok, { allowed: false, reason: 'suspended' });
    expect(suspended).toEqual({ id: 1, emailVerified: true, chatSuspended: true });
    expect(withChatAccess(suspended, { allowed: false, reason: 'suspended' })).toBe(suspended);
    expect(withChatAccess(ok, { allowed: false, reason: 'verification' })).toEqual({ id: 1, emailVerified: false, chatSuspended: false });
    expect(withChatAccess(suspended, { allowed: true })).toEqual(ok);
    expect(withChatAccess(ok, { allowed: true })).toBe(ok);
  });
});

describe('outbox and drafts', () => {
  it('keeps unacknowledged sends and drafts in localStorage', () => {
    localStorage.clear();
    addToOutbox({ conversationId: '7', clientMessageId: 'a', content: 'x', createdAt: '', senderId: 1 });
    addToOutbox({ conversationId: '8', clientMessageId: 'b', content: 'y', createdAt: '', senderId: 1 });
    addToOutbox({ conversationId: '7', clientMessageId: 'a', content: 'x', createdAt: '', senderId: 1 });
    expect(loadOutbox(1)).toHaveLength(2);
    expect(outboxFor(1, 7).map((i) => i.clientMessageId)).toEqual(['a']);
    removeFromOutbox(1, ['a']);
    expect(outboxFor(1, 7)).toEqual([]);
    setDeviceMember(1); // drafts are the signed-in member's (outbox.test.ts)
    saveDraft(7, 'half a thought');
    expect(loadDraft(7)).toBe('half a thought');
    saveDraft(7, '');
    expect(loadDraft(7)).toBe('');
  });
});
