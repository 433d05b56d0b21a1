import { describe, expect, it } from 'vitest';
import { setDeviceMember } from '@/lib/storage';
import { addToOutbox, loadDraft, loadOutbox, outboxFor, removeFromOutbox, saveDraft, type OutboxItem } from './outbox';

// Issue 18, shared phones: the chat's unsent messages and drafts are kept per member.

const item = (senderId: number, clientMessageId: string, conversationId = '9'): OutboxItem => ({ conversationId, clientMessageId, content: `from ${senderId}`, createdAt: '', senderId });

describe('the chat outbox', () => {
  it('is kept per member: each sees and removes only their own sends', () => {
    addToOutbox(item(31, 'a1'));
    addToOutbox(item(31, 'a2', '10'));
    addToOutbox(item(32, 'b1'));
    expect(outboxFor(31, 9).map((i) => i.clientMessageId)).toEqual(['a1']);
    expect(outboxFor(32, 9).map((i) => i.clientMessageId)).toEqual(['b1']);
    expect(Object.keys(localStorage).sort()).toEqual(['kerbside:member:31:chat-outbox', 'kerbside:member:32:chat-outbox']);

    // The same id in another member's outbox is not theirs to remove.
    removeFromOutbox(32, ['a1', 'b1']);
    expect(loadOutbox(31).map((i) => i.clientMessageId)).toEqual(['a1', 'a2']);
    expect(loadOutbox(32)).toEqual([]);
    expect(localStorage.getItem('kerbside:member:32:chat-outbox')).toBeNull();
  });

  it('does not read the outbox kept before it was per member', () => {
    localStorage.setItem('chat:outbox', JSON.stringify([item(31, 'old')]));
    expect(loadOutbox(31)).toEqual([]);
  });
});

describe('chat drafts', () => {
  it('are the signed-in member’s; a guest keeps none', () => {
    setDeviceMember(31);
    saveDraft(9, 'half a thought');
    setDeviceMember(32);
    expect(loadDraft(9)).toBe('');
    saveDraft(9, 'mine');
    setDeviceMember(31);
    expect(loadDraft(9)).toBe('half a thought');
    saveDraft(9, '');
    expect(localStorage.getItem('kerbside:member:31:chat-draft:9')).toBeNull();

    setDeviceMember(null);
    saveDraft(9, 'as a guest');
    expect(loadDraft(9)).toBe('');
    expect(Object.keys(localStorage)).toEqual(['kerbside:member:32:chat-draft:9']);
  });
});
