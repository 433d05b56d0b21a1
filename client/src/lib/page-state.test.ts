import { describe, expect, it } from 'vitest';
import type { DehydratedState } from '@tanstack/react-query';
import { packState, unpackState } from './page-state';

const query = (queryKey: unknown[], data: unknown) =>
  ({ queryKey, queryHash: JSON.stringify(queryKey), dehydratedAt: 1, state: { data, status: 'success', fetchStatus: 'idle', dataUpdatedAt: 1 } }) as unknown as DehydratedState['queries'][number];

const vans = { id: 1, name: 'Vans', slug: 'vans', color: '#047857', description: 'Buying, running and fixing vans.' };
const post = (id: number, text: string, category: Record<string, unknown> | null = vans) => ({ id, slug: `p-${id}`, title: `Post ${id}`, excerpt: text, content: text, category, tags: [] });

function state(...queries: DehydratedState['queries']): DehydratedState {
  return { mutations: [], queries };
}

describe('the state script, packed and unpacked (issue 31)', () => {
  it("leaves out a listed post's text twice and the description the categories answer has, and puts both back exactly", () => {
    const categories = query(['/api/forum/categories'], [{ ...vans, postCount: 3, isQa: false, allowAnonymous: false }]);
    const list = query(['/api/forum/posts', { page: 1 }], { posts: [post(1, 'First text…'), post(2, 'Second text…')], totalCount: 2, hasMore: false });
    const original = state(query(['/api/auth/user'], null), categories, list);
    const packed = packState(original);
    const listed = (packed.queries[2]!.state.data as { posts: Array<Record<string, unknown>> }).posts;
    expect(listed.map((p) => 'content' in p)).toEqual([false, false]);
    expect(listed.map((p) => p.category)).toEqual([{ id: 1, name: 'Vans', slug: 'vans', color: '#047857' }, { id: 1, name: 'Vans', slug: 'vans', color: '#047857' }]);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(original).length);
    expect(unpackState(JSON.parse(JSON.stringify(packed)) as DehydratedState)).toEqual(original);
    // What is not a list of posts is the same object.
    expect(packed.queries[0]).toBe(original.queries[0]);
    expect(packed.queries[1]).toBe(original.queries[1]);
  });

  it('keeps what it could not put back: a text other than the excerpt, a description the page has not, a post without a category', () => {
    const categories = query(['/api/forum/categories'], [{ ...vans, description: 'Renamed since.' }]);
    const list = query(['/api/forum/posts', { page: 1 }], { posts: [{ ...post(1, 'Short…'), content: 'The whole text' }, post(2, 'Two…', null)] });
    const original = state(categories, list);
    const listed = (packState(original).queries[1]!.state.data as { posts: Array<Record<string, unknown>> }).posts;
    expect(listed[0]!.content).toBe('The whole text');
    expect(listed[0]!.category).toEqual(vans);
    expect(listed[1]!.category).toBeNull();
    expect(unpackState(packState(original))).toEqual(original);
    // Without a categories answer every description stays.
    const alone = state(query(['/api/tags/vans/posts'], { posts: [post(3, 'Three…')] }));
    expect((packState(alone).queries[0]!.state.data as { posts: Array<{ category: unknown }> }).posts[0]!.category).toEqual(vans);
    expect(unpackState(packState(alone))).toEqual(alone);
  });
});
