/** Spec §7 user-action types. */
export type ActionType = 'post_view' | 'search' | 'vote' | 'comment' | 'registration' | 'login' | 'share' | 'navigation';

export type ActionData = Record<string, string | number | boolean | null | undefined>;
