// Bulletin rules and messages without zod, for the forum list and the admin's form (the schemas are
// in contracts/bulletins.ts).

export const BULLETIN_VISIBILITIES = ['everyone', 'members'] as const;
export type TBulletinVisibility = (typeof BULLETIN_VISIBILITIES)[number];

/** Spec §3: everyone shows as Public, otherwise Members. */
export const visibilityLabel = (v: TBulletinVisibility) => (v === 'everyone' ? 'Public' : 'Members');

export const BULLETIN_TITLE_MAX = 120;
export const BULLETIN_MESSAGE_MAX = 2000;
/** The newest active bulletins a reader is sent; older ones wait until these are switched off. */
export const BULLETINS_SHOWN_MAX = 20;

export const BULLETIN_MSG = {
  titleRequired: 'Title is required',
  titleMax: `Title must be at most ${BULLETIN_TITLE_MAX} characters`,
  messageRequired: 'Message is required',
  messageMax: `Message must be at most ${BULLETIN_MESSAGE_MAX} characters`,
  visibilityInvalid: 'Visibility must be everyone or members',
  notFound: 'Bulletin not found',
  nothingToUpdate: 'Nothing to update',
} as const;
