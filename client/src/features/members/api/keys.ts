import { profilePath, usersPath } from './endpoints';

/** Every members query key (the signed-in user's own is USER_QUERY_KEY in lib/auth.ts). */
export const memberKeys = {
  profile: [profilePath] as const,
  publicProfile: (username: string) => [usersPath, username] as const,
  posts: (username: string, page: number) => [usersPath, username, 'posts', page] as const,
};
