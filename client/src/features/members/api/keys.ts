/** Every members query key (the signed-in user's own is USER_QUERY_KEY in lib/auth.ts). */
export const memberKeys = {
  profile: ['/api/profile'] as const,
  publicProfile: (username: string) => ['/api/users', username] as const,
  posts: (username: string, page: number) => ['/api/users', username, 'posts', page] as const,
};
