// Tags, postcode areas and local alerts (issue 32 items 4–6): what a post may carry, what a tag may be
// called, an alert's kinds and lifetime, and their messages. No zod here: the client imports it as it is
// (the schemas: contracts/forum.ts and contracts/labels.ts).
import { payRegionName, POSTCODE_AREA_REGION, type TPayRegion } from './trade.ts';

export const TAGS_PER_POST_MAX = 3;
export const AREAS_PER_POST_MAX = 3;

export const TAG_KINDS = ['network', 'topic'] as const;
export type TTagKind = (typeof TAG_KINDS)[number];
export const TAG_KIND_LABELS: Record<TTagKind, string> = { network: 'Networks', topic: 'Topics' };
/** A tag's address (/tags/{slug}): lower-case letters and digits in words joined by single hyphens. */
export const TAG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TAG_SLUG_MAX = 40;
export const TAG_NAME_MAX = 40;
export const TAG_DESCRIPTION_MAX = 200;

/** A label of a post, as derived.post_labels and label_follows name it. */
export const tagLabel = (tagId: number) => `tag:${tagId}`;
export const areaLabel = (area: string) => `area:${area}`;

/** A postcode area's region, and that region's name (the Pay Index's regions). */
export function areaRegion(area: string): { slug: TPayRegion; name: string } | null {
  const slug = POSTCODE_AREA_REGION[area];
  return slug ? { slug, name: payRegionName(slug)! } : null;
}

/** How far back /areas counts an area's posts as recent activity. */
export const AREA_RECENT_DAYS = 30;

export const ALERT_KINDS = ['van_theft', 'road_closure', 'depot_delay', 'parking', 'weather', 'other'] as const;
export type TAlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<TAlertKind, string> = {
  van_theft: 'Van theft',
  road_closure: 'Road closure or works',
  depot_delay: 'Depot delay',
  parking: 'Parking enforcement',
  weather: 'Weather',
  other: 'Other',
};
export const ALERT_PLACE_MAX = 80;
/** How long an alert shows at the top of its area's page, in hours: the choices, and the default. */
export const ALERT_HOURS = [2, 6, 12, 24, 48, 72] as const;
export const ALERT_HOURS_DEFAULT = 24;
/** An alert is short: its text at most this many characters. */
export const ALERT_CONTENT_MAX = 500;

export const LABEL_MSG = {
  tagUnknown: 'Choose tags from the list',
  tagsMax: `Choose at most ${TAGS_PER_POST_MAX} tags`,
  areasMax: `Choose at most ${AREAS_PER_POST_MAX} postcode areas`,
  repeated: 'Name each tag or area once',
  tagNotFound: 'Tag not found',
  areaNotFound: 'Postcode area not found',
  tagSlug: `A tag's address is lower-case letters and digits joined by hyphens, at most ${TAG_SLUG_MAX} characters`,
  tagSlugTaken: 'A tag with this address already exists',
  tagName: `A tag's name is 1 to ${TAG_NAME_MAX} characters`,
  tagDescription: `A tag's description is at most ${TAG_DESCRIPTION_MAX} characters`,
  tagKind: 'Choose network or topic',
  tagCreated: 'Tag created',
  tagUpdated: 'Tag updated',
  tagDeleted: 'Tag deleted',
  alertKind: 'Choose what the alert is about',
  alertPlace: `A place name is at most ${ALERT_PLACE_MAX} characters`,
  alertHours: `Choose how long the alert shows: ${ALERT_HOURS.join(', ')} hours`,
  alertArea: 'An alert names exactly one postcode area',
  alertContent: `An alert is at most ${ALERT_CONTENT_MAX} characters`,
  alertLevel: 'Alerts reach everyone who follows the area, so they open once your account reaches the Basic trust level',
  alertNotAlert: 'This post is not an alert',
  following: 'You will be told of new posts here',
  notFollowing: 'You will no longer be told of new posts here',
} as const;
