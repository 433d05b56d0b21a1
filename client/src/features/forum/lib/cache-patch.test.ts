import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { patchCommentIn, patchForumQueries, patchPostIn } from './cache-patch';

describe('patchPostIn / patchCommentIn', () => {
  const list = { posts: [{ id: 1, upvotes: 0 }, { id: 2, upvotes: 5 }], totalCount: 2, hasMore: false };

  it('patches the post in a list and leaves the others', () => {
    const next = patchPostIn(list, 2, { upvotes: 6 });
    expect(next.posts).toEqual([{ id: 1, upvotes: 0 }, { id: 2, upvotes: 6 }]);
    expect(next.posts[0]).toBe(list.posts[0]);
  });

  it('returns the same object when the post is not there', () => {
    expect(patchPostIn(list, 9, { upvotes: 1 })).toBe(list);
    expect(patchPostIn(undefined, 9, { upvotes: 1 })).toBeUndefined();
  });

  it('patches a post page, and a comment inside it', () => {
    const page = { id: 7, slug: 'x', upvotes: 1, comments: [{ id: 70, upvotes: 0 }] };
    expect(patchPostIn(page, 7, { upvotes: 2 })).toMatchObject({ id: 7, upvotes: 2 });
    expect(patchCommentIn(page, 70, { upvotes: 1 }).comments).toEqual([{ id: 70, upvotes: 1 }]);
    expect(patchCommentIn(page, 71, { upvotes: 1 })).toBe(page);
  });
});

describe('patchForumQueries', () => {
  it('writes only the forum queries it changed', () => {
    const qc = new QueryClient();
    qc.setQueryData(['/api/forum/posts', { page: 1 }], { posts: [{ id: 1, upvotes: 0 }] });
    qc.setQueryData(['/api/forum/posts', { page: 2 }], { posts: [{ id: 3, upvotes: 0 }] });
    qc.setQueryData(['/api/auth/user'], { id: 1 });
    const before = qc.getQueryState(['/api/forum/posts', { page: 2 }])?.dataUpdatedAt;
    patchForumQueries(qc, (d) => patchPostIn(d, 1, { upvotes: 1 }));
    expect(qc.getQueryData(['/api/forum/posts', { page: 1 }])).toEqual({ posts: [{ id: 1, upvotes: 1 }] });
    expect(qc.getQueryState(['/api/forum/posts', { page: 2 }])?.dataUpdatedAt).toBe(before);
    expect(qc.getQueryData(['/api/auth/user'])).toEqual({ id: 1 });
  });
});
