// The forum's request paths (docs/API.md "Posts and comments", "Votes, reactions and shares",
// "Search"): the only place they are written. Lists and the post page key their queries by them too.

export type ForumTarget = 'post' | 'comment';

export const postsPath = '/api/forum/posts';
export const categoriesPath = '/api/forum/categories';
export const searchPath = '/api/forum/search';
export const sharePath = `${postsPath}/share`;
/** A post by id, or by slug on the post page. */
export const postPath = (idOrSlug: number | string) => `${postsPath}/${encodeURIComponent(String(idOrSlug))}`;
/** PUT {pinned} / {locked} (admins). */
export const postPinPath = (postId: number) => `${postPath(postId)}/pin`;
export const postLockPath = (postId: number) => `${postPath(postId)}/lock`;
export const commentsPath = (postId: number) => `${postPath(postId)}/comments`;
export const commentPath = (commentId: number) => `/api/forum/comments/${commentId}`;
const targetPath = (target: ForumTarget, id: number) => (target === 'post' ? postPath(id) : commentPath(id));
/** Spec §7: POST {voteType}. */
export const votePath = (target: ForumTarget, id: number) => `${targetPath(target, id)}/vote`;
/** Spec §7: POST {emoji}; it toggles. */
export const reactionsPath = (target: ForumTarget, id: number) => `${targetPath(target, id)}/reactions`;
