import type { TPost } from '@common/contracts/forum';

/** The category of testPost's posts. */
export const testCategory = { id: 1, name: 'Tips & Tricks', slug: 'tips', description: 'Share what works.', color: '#2563eb' };

/** A post of a list as GET /api/forum/posts gives it (a component test's); override what the test is about. */
export const testPost = (id: number, over: Partial<TPost> = {}): TPost => ({
  id,
  slug: `post-${id}`,
  title: `Post number ${id}`,
  excerpt: 'An excerpt',
  content: 'An excerpt',
  createdAt: new Date().toISOString(),
  viewCount: 12,
  commentCount: 0,
  upvotes: 2,
  downvotes: 0,
  shareCount: 0,
  isPinned: false,
  isLocked: false,
  tags: [],
  areas: [],
  userVote: null,
  category: testCategory,
  author: { username: 'sam', firstName: 'Sam', lastName: 'D', avatar: 'van', statusText: 'Multi-drop in Leeds' },
  ...over,
});
