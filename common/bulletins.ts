// Bulletin helpers without zod, for the forum list (the schemas are in contracts/bulletins.ts).

export const BULLETIN_VISIBILITIES = ['everyone', 'members'] as const;
export type TBulletinVisibility = (typeof BULLETIN_VISIBILITIES)[number];

/** Spec §3: everyone shows as Public, otherwise Members. */
export const visibilityLabel = (v: TBulletinVisibility) => (v === 'everyone' ? 'Public' : 'Members');
