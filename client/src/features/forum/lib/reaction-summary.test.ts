import { describe, expect, it } from 'vitest';
import { REACTIONS } from '@common/reactions';
import { toggleReaction, topReactions } from './reaction-summary';

describe('topReactions', () => {
  it('orders by count, most first, ties in picker order, and marks my own', () => {
    const chips = topReactions({ '🚚': { count: 2 }, '👍': { count: 5 }, '❤️': { count: 2 }, '⚡': { count: 9 } }, ['❤️']);
    expect(chips.map((c) => c.emoji)).toEqual(['⚡', '👍', '❤️', '🚚']);
    expect(chips.find((c) => c.emoji === '❤️')).toMatchObject({ name: 'Heart', count: 2, mine: true });
    expect(chips.filter((c) => c.mine)).toHaveLength(1);
  });

  it('shows at most the top 10 by count', () => {
    const summary: Record<string, { count: number }> = {};
    REACTIONS.forEach((r, i) => (summary[r.emoji] = { count: i + 1 }));
    summary['🦄'] = { count: 1 }; // not one of ours, and the fewest: it is the one left out
    summary['🐢'] = { count: 100 };
    const chips = topReactions(summary);
    expect(chips).toHaveLength(10);
    expect(chips[0]).toMatchObject({ emoji: '🐢', name: '🐢', count: 100 });
    expect(chips.map((c) => c.count)).toEqual([100, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(chips.some((c) => c.emoji === '🦄')).toBe(false);
  });

  it('drops zero and malformed counts, and copes with no summary', () => {
    expect(topReactions({ '👍': { count: 0 }, '❤️': { count: Number.NaN } })).toEqual([]);
    expect(topReactions(undefined)).toEqual([]);
    expect(topReactions(null)).toEqual([]);
  });
});

describe('toggleReaction', () => {
  it('adds one and marks it mine', () => {
    expect(toggleReaction({ '👍': { count: 1 } }, [], '👍')).toEqual({ reactions: { '👍': { count: 2 } }, userReactions: ['👍'], added: true });
    expect(toggleReaction({}, ['❤️'], '👍')).toEqual({ reactions: { '👍': { count: 1 } }, userReactions: ['❤️', '👍'], added: true });
  });

  it('removes mine, dropping the emoji at zero, never below zero', () => {
    expect(toggleReaction({ '👍': { count: 1 } }, ['👍'], '👍')).toEqual({ reactions: {}, userReactions: [], added: false });
    expect(toggleReaction({}, ['👍'], '👍')).toEqual({ reactions: {}, userReactions: [], added: false });
  });

  it('does not change its inputs', () => {
    const summary = { '👍': { count: 1 } };
    const mine = ['👍'];
    toggleReaction(summary, mine, '👍');
    expect(summary).toEqual({ '👍': { count: 1 } });
    expect(mine).toEqual(['👍']);
  });
});
