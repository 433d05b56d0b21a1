import { getCourierProfile, getVerification } from '@endpoints/courier';
import { getProfile, getPublicProfile, getTrustStatus } from '@endpoints/members';
import { sharedKeys } from '@/lib/query-keys';

/** Every members query key (the signed-in user's own is USER_QUERY_KEY in lib/auth.ts). */
export const memberKeys = {
  profile: [getProfile.path] as const,
  trust: [getTrustStatus.path] as const,
  courier: [getCourierProfile.path] as const,
  /** Issue 32 item 2: the member's verified courier badge, their request waiting and the last decision. */
  verification: [getVerification.path] as const,
  /** Issue 32: the tags and postcode areas the member follows, and every tag (for their names). */
  labelFollows: sharedKeys.labelFollows,
  tags: sharedKeys.tags,
  publicProfile: (username: string) => [getPublicProfile.path, username] as const,
  posts: (username: string, page: number) => [getPublicProfile.path, username, 'posts', page] as const,
};
