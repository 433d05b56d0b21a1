import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TUser } from '@common/contracts/auth';
import type {
  TChangeEmailRequest,
  TChangePasswordRequest,
  TDeleteAccountRequest,
  TOnboardingRequest,
  TProfile,
  TUpdateProfileRequest,
  TVerifyEmailChangeRequest,
} from '@common/contracts/members';
import type { TCourierProfile } from '@common/contracts/courier';
import { PAGE_SIZE } from '@common/rules/site';
import { getCourierProfile, updateCourierProfile } from '@endpoints/courier';
import {
  changePassword,
  completeOnboarding,
  confirmEmailChange,
  deleteAccount,
  endOtherSessions,
  getProfile,
  getPublicProfile,
  getTrustStatus,
  listMemberPosts,
  requestEmailChange,
  updateProfile,
} from '@endpoints/members';
import { call } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth';
import { memberKeys } from './keys';

// Members calls (docs/API.md "Members"): own profile, courier profile, onboarding, password, email,
// sign out everywhere, export, deletion and public profiles.

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.profile,
    queryFn: ({ signal }) => call(getProfile, {}, { signal }),
  });

/** Issue 28: the member's trust level, what it allows and what the next one needs. */
export const getTrustStatusQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.trust,
    queryFn: ({ signal }) => call(getTrustStatus, {}, { signal }),
  });

/** Issue 32: the member's own courier profile, every field with who sees it. */
export const getCourierProfileQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.courier,
    queryFn: ({ signal }) => call(getCourierProfile, {}, { signal }),
  });

export const getPublicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: memberKeys.publicProfile(username),
    queryFn: ({ signal }) => call(getPublicProfile, { params: { username } }, { signal }),
  });

export const getMemberPostsQueryOptions = (username: string, page: number) =>
  queryOptions({
    queryKey: memberKeys.posts(username, page),
    queryFn: ({ signal }) => call(listMemberPosts, { params: { username }, query: { page, limit: PAGE_SIZE } }, { signal }),
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
    mutationFn: (body: TOnboardingRequest) => call(completeOnboarding, { body }),
    onSuccess: (user) => applyUser(queryClient, user),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => call(updateProfile, { body }),
    onSuccess: (user) => applyUser(queryClient, user),
  });
}

/**
 * Saves the whole courier profile. What others see of it (a public profile, directory cards, the
 * author line of the member's posts and comments) is refreshed when next shown.
 */
export function useUpdateCourierProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCourierProfile) => call(updateCourierProfile, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(memberKeys.courier, saved);
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] && q.queryKey[0] !== memberKeys.profile[0] && q.queryKey[0] !== memberKeys.courier[0],
        refetchType: 'none',
      });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => call(changePassword, { body }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeEmailRequest) => call(requestEmailChange, { body }),
    onSuccess: ({ pendingEmail }) =>
      queryClient.setQueryData<TProfile>(memberKeys.profile, (old) => (old ? { ...old, pendingEmail } : old)),
  });
}

export function useVerifyEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TVerifyEmailChangeRequest) => call(confirmEmailChange, { body }),
    onSuccess: (user) => applyUser(queryClient, user, null),
  });
}

/** "Sign out everywhere": every other session of the member ends; this one stays. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => call(endOtherSessions),
  });
}

export function useDeleteAccount() {
  return useMutation({
    // The password travels in the DELETE body.
    mutationFn: (body: TDeleteAccountRequest) => call(deleteAccount, { body }),
  });
}
