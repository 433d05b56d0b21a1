/** Spec §7 user-action types, and page_not_found for the 404 page (docs/API.md). */
export type ActionType = 'post_view' | 'search' | 'vote' | 'comment' | 'registration' | 'login' | 'share' | 'navigation' | 'page_not_found';

export type ActionData = Record<string, string | number | boolean | null | undefined>;
