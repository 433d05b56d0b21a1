import { getProfile, getPublicProfile, getTrustStatus } from '@endpoints/members';

/** Every members query key (the signed-in user's own is USER_QUERY_KEY in lib/auth.ts). */
export const memberKeys = {
  profile: [getProfile.path] as const,
  trust: [getTrustStatus.path] as const,
  publicProfile: (username: string) => [getPublicProfile.path, username] as const,
  posts: (username: string, page: number) => [getPublicProfile.path, username, 'posts', page] as const,
};
