import type { DehydratedState } from '@tanstack/react-query';

// Issue 31: a server-rendered page's state script carries what the browser cannot rebuild, once. A
// list's post carries its text twice (in lists `content` is the excerpt-sized text, equal to `excerpt`)
// and its category's description, which the page's categories answer already holds: on /forum 20 posts
// of each, ~6.5 kB of the ~29.5 kB script. The server packs them out (entry-server.tsx) and the browser
// unpacks them before its cache is filled (main.tsx), so the cache holds the API's answers exactly.

type PackedPost = { excerpt?: unknown; content?: unknown; category?: { id?: unknown; description?: unknown } | null };
type Category = { id: number; description: string };

const CATEGORIES_KEY = '/api/forum/categories';

/** The page's categories answer by id, when the state has one. */
function categoriesOf(state: DehydratedState): Map<unknown, Category> {
  const answer = state.queries.find((q) => q.queryKey[0] === CATEGORIES_KEY)?.state.data;
  return new Map(Array.isArray(answer) ? (answer as Category[]).map((c) => [c.id, c]) : []);
}

/** Each query whose answer is a list of posts, with `change` applied to every post (a copy; the rest as it was). */
function mapListedPosts(state: DehydratedState, change: (post: PackedPost) => PackedPost): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const data = q.state.data as { posts?: unknown } | undefined;
      if (!data || !Array.isArray(data.posts)) return q;
      return { ...q, state: { ...q.state, data: { ...data, posts: (data.posts as PackedPost[]).map(change) } } };
    }),
  };
}

/** The state without what unpackState puts back: a post's `content` equal to its excerpt, a category's description the categories answer has. */
export function packState(state: DehydratedState): DehydratedState {
  const categories = categoriesOf(state);
  return mapListedPosts(state, (post) => {
    const { content, category, ...rest } = post;
    const packed: PackedPost = content === post.excerpt ? rest : { ...rest, content };
    if (category && typeof category.description === 'string' && categories.get(category.id)?.description === category.description) {
      const { description: _known, ...withoutDescription } = category;
      packed.category = withoutDescription;
    } else if (category !== undefined) packed.category = category;
    return packed;
  });
}

/** packState undone: a post without `content` gets its excerpt, a category without a description the categories answer's. */
export function unpackState(state: DehydratedState): DehydratedState {
  const categories = categoriesOf(state);
  return mapListedPosts(state, (post) => {
    const category = post.category && post.category.description === undefined ? { ...post.category, description: categories.get(post.category.id)?.description } : post.category;
    return { ...post, ...('content' in post ? {} : { content: post.excerpt }), ...(category !== undefined ? { category } : {}) };
  });
}
