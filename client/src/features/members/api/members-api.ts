import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import type { TPostList } from '@common/contracts/forum';
import type {
  TChangeEmailRequest,
  TChangeEmailResponse,
  TChangePasswordRequest,
  TDeleteAccountRequest,
  TOnboardingRequest,
  TProfile,
  TPublicProfile,
  TUpdateProfileRequest,
  TVerifyEmailChangeRequest,
} from '@common/contracts/members';
import { PAGE_SIZE } from '@common/constants';
import { api, withQuery } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { emailPath, emailVerifyPath, endOtherSessionsPath, onboardingPath, passwordPath, profilePath, userPath, userPostsPath } from './endpoints';
import { memberKeys } from './keys';

// Members calls (docs/API.md "Members"): own profile, onboarding, password, email, sign out
// everywhere, export, deletion and public profiles.

export type MessageResponse = { message: string };

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.profile,
    queryFn: ({ signal }) => api.get<TProfile>(profilePath, { signal }),
  });

export const getPublicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: memberKeys.publicProfile(username),
    queryFn: ({ signal }) => api.get<TPublicProfile>(userPath(username), { signal }),
  });

export const getMemberPostsQueryOptions = (username: string, page: number) =>
  queryOptions({
    queryKey: memberKeys.posts(username, page),
    queryFn: ({ signal }) => api.get<TPostList>(withQuery(userPostsPath(username), { page, limit: PAGE_SIZE }), { signal }),
    // The page shown stays while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  });

/**
 * The signed-in user changed (names, avatar, status, email): the header and everything that reads
 * the user query update at once; the profile keeps its pendingEmail unless told otherwise. Lists that
 * show the member as an author (forum, directory) are refreshed when next shown.
 */
export function applyUser(queryClient: QueryClient, user: TUser, pendingEmail?: string | null) {
  queryClient.setQueryData(USER_QUERY_KEY, user);
  queryClient.setQueryData<TProfile>(memberKeys.profile, (old) => ({
    ...user,
    pendingEmail: pendingEmail !== undefined ? pendingEmail : (old?.pendingEmail ?? null),
  }));
  void queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] && q.queryKey[0] !== memberKeys.profile[0],
    refetchType: 'none',
  });
}

export function useOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOnboardingRequest) => api.post<TUser>(onboardingPath, body),
    onSuccess: (user) => applyUser(queryClient, user),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => api.patch<TUser>(profilePath, body),
    onSuccess: (user) => applyUser(queryClient, user),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => api.post<MessageResponse>(passwordPath, body),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeEmailRequest) => api.post<TChangeEmailResponse>(emailPath, body),
    onSuccess: ({ pendingEmail }) =>
      queryClient.setQueryData<TProfile>(memberKeys.profile, (old) => (old ? { ...old, pendingEmail } : old)),
  });
}

export function useVerifyEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVerifyEmailChangeRequest) => api.post<TUser>(emailVerifyPath, body),
    onSuccess: (user) => applyUser(queryClient, user, null),
  });
}

/** "Sign out everywhere": every other session of the member ends; this one stays. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => api.post<MessageResponse>(endOtherSessionsPath),
  });
}

export function useDeleteAccount() {
  return useMutation({
    // The password travels in the DELETE body.
    mutationFn: (body: TDeleteAccountRequest) => api.delete<MessageResponse>(profilePath, body),
  });
}
