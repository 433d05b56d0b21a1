import { describe, expect, it } from 'vitest';
import { buildCommentTree, flattenTree, type TreeComment } from './comment-tree';

const c = (id: number, parentId: number | null, username: string | null = `user${id}`, isDeleted = false): TreeComment => ({
  id,
  parentId,
  isDeleted,
  author: username ? { username } : null,
});

describe('buildCommentTree', () => {
  it('nests replies under their parents, oldest first at each level', () => {
    const tree = buildCommentTree([c(1, null), c(2, 1), c(3, null), c(4, 1), c(5, 2)]);
    expect(tree.map((n) => n.comment.id)).toEqual([1, 3]);
    expect(tree[0].children.map((n) => n.comment.id)).toEqual([2, 4]);
    expect(tree[0].children[0].children.map((n) => n.comment.id)).toEqual([5]);
    expect(tree[0].children[0].children[0].depth).toBe(2);
    expect(flattenTree(tree)).toEqual([1, 2, 5, 4, 3]);
  });

  it('keeps replies under a deleted parent (the placeholder stays in place)', () => {
    const tree = buildCommentTree([c(1, null, null, true), c(2, 1), c(3, 1)]);
    expect(tree).toHaveLength(1);
    expect(tree[0].comment.isDeleted).toBe(true);
    expect(tree[0].children.map((n) => n.comment.id)).toEqual([2, 3]);
  });

  it('shows a reply whose parent is missing at the top level instead of dropping it', () => {
    const tree = buildCommentTree([c(1, null), c(7, 99), c(8, 7)]);
    expect(tree.map((n) => n.comment.id)).toEqual([1, 7]);
    expect(tree[1].children.map((n) => n.comment.id)).toEqual([8]);
  });

  it('stops at three levels: deeper replies sit on the third level, in time order, with who they reply to', () => {
    // 1 → 2 → 3 → 4 → 5, and 6 replies to 3 after 4 and 5 were written.
    const tree = buildCommentTree([c(1, null), c(2, 1), c(3, 2), c(4, 3, 'dave'), c(5, 4), c(6, 3)]);
    const third = tree[0].children[0].children[0];
    expect(third.comment.id).toBe(3);
    expect(third.depth).toBe(2);
    expect(third.children.map((n) => n.comment.id)).toEqual([4, 5, 6]);
    expect(third.children.every((n) => n.depth === 2 && n.children.length === 0)).toBe(true);
    // Each says whom it answers: 4 and 6 answer user3's 3, 5 answers dave's 4.
    expect(third.children.map((n) => n.replyingTo)).toEqual([{ username: 'user3' }, { username: 'dave' }, { username: 'user3' }]);
    expect(third.replyingTo).toBeUndefined();
    expect(tree[0].replyingTo).toBeUndefined();
  });

  it('does not name the author of a deleted comment someone replied to', () => {
    const tree = buildCommentTree([c(1, null), c(2, 1), c(3, 2), c(4, 3, 'gone', true), c(5, 4)]);
    const deep = tree[0].children[0].children[0].children;
    expect(deep.map((n) => n.comment.id)).toEqual([4, 5]);
    expect(deep.map((n) => n.replyingTo)).toEqual([{ username: 'user3' }, { username: null }]);
  });

  it('ignores duplicates and survives parent loops in bad data', () => {
    const tree = buildCommentTree([c(1, 2), c(2, 1), c(3, null), c(3, null), c(4, 4)]);
    expect(flattenTree(tree).sort()).toEqual([1, 2, 3, 4]);
  });

  it('handles an empty list', () => {
    expect(buildCommentTree([])).toEqual([]);
  });
});
