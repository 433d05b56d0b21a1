// The members feature's request paths (docs/API.md "Members"): the only place they are written.

export const profilePath = '/api/profile';
export const passwordPath = `${profilePath}/password`;
export const emailPath = `${profilePath}/email`;
export const emailVerifyPath = `${profilePath}/email/verify`;
export const endOtherSessionsPath = `${profilePath}/sessions/end-others`;
export const onboardingPath = '/api/onboarding';
export const exportPath = '/api/auth/me/export';
/** Public profiles; also the first part of their query keys. */
export const usersPath = '/api/users';
export const userPath = (username: string) => `${usersPath}/${encodeURIComponent(username)}`;
export const userPostsPath = (username: string) => `${userPath(username)}/posts`;
