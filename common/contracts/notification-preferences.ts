import { z } from 'zod';
import { hasChannel, NOTIFY_CHANNELS, NOTIFY_KINDS, NOTIFY_PREFS_MSG, POST_FOLLOW_LEVELS } from '../rules/notification-preferences.ts';
import { endpoint } from './endpoint.ts';
import { ZTargetParams } from './forum.ts';

// Notification preferences and follows (issue 16; docs/API.md "Notification preferences", "Follows").
// The kinds, channels, defaults and messages are in common/rules/notification-preferences.ts.

/** Every switch, defaults filled in: `{kind: {channel: boolean}}`, only the channels each kind has. */
export const ZNotifyPreferences = z.object(
  Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, z.object(Object.fromEntries(NOTIFY_CHANNELS.map((c) => [c, z.boolean().optional()])))])) as {
    [K in (typeof NOTIFY_KINDS)[number]]: z.ZodObject<{ [C in (typeof NOTIFY_CHANNELS)[number]]: z.ZodOptional<z.ZodBoolean> }>;
  },
);

/** GET and PUT answer: the member's full set of switches. */
export const ZNotifyPreferencesResponse = z.object({ preferences: ZNotifyPreferences });
export type TNotifyPreferencesResponse = z.infer<typeof ZNotifyPreferencesResponse>;

/**
 * PUT body: any subset of the switches. A kind or channel that does not exist, or a channel the kind
 * does not have (announcements on site), is refused as a whole, so nothing is saved.
 */
export const ZUpdateNotifyPreferences = z.object({
  preferences: z.record(z.string(), z.record(z.string(), z.boolean(), { error: NOTIFY_PREFS_MSG.noChannel }), { error: NOTIFY_PREFS_MSG.noChannel }).superRefine((prefs, ctx) => {
    for (const [kind, channels] of Object.entries(prefs)) {
      for (const channel of Object.keys(channels)) {
        const known = (NOTIFY_KINDS as readonly string[]).includes(kind) && (NOTIFY_CHANNELS as readonly string[]).includes(channel);
        if (!known || !hasChannel(kind as (typeof NOTIFY_KINDS)[number], channel as (typeof NOTIFY_CHANNELS)[number])) {
          ctx.addIssue({ code: 'custom', message: NOTIFY_PREFS_MSG.noChannel, path: [kind, channel] });
          return;
        }
      }
    }
  }),
});
export type TUpdateNotifyPreferences = z.infer<typeof ZUpdateNotifyPreferences>;

/** A member's relation to a post: follow (every comment), mute (nothing), none (replies and mentions). */
export const POST_FOLLOW_CHOICES = [...POST_FOLLOW_LEVELS, 'none'] as const;
export const ZPostFollowLevel = z.enum(POST_FOLLOW_CHOICES, { error: NOTIFY_PREFS_MSG.levelInvalid });
export type TPostFollowLevel = z.infer<typeof ZPostFollowLevel>;

export const ZPostFollow = z.object({ level: ZPostFollowLevel });
export type TPostFollow = z.infer<typeof ZPostFollow>;

/** GET /api/forum/categories/follows: the ids of the categories the member follows, in id order. */
export const ZCategoryFollows = z.object({ categoryIds: z.array(z.number()) });
export type TCategoryFollows = z.infer<typeof ZCategoryFollows>;

/** PUT / DELETE /api/forum/categories/:id/follow. */
export const ZCategoryFollow = z.object({ categoryId: z.number(), following: z.boolean() });
export type TCategoryFollow = z.infer<typeof ZCategoryFollow>;

// ---- Endpoints ----
// Every call is the signed-in, verified member's own: a guest, or a suspended or deleted account,
// hears 401; an unverified member 403 (as for writing in the forum, and for push subscriptions).

export const getNotifyPreferences = endpoint({
  method: 'GET',
  path: '/api/notification-preferences',
  responses: { 200: ZNotifyPreferencesResponse },
  errors: [401, 403],
});

export const updateNotifyPreferences = endpoint({
  method: 'PUT',
  path: '/api/notification-preferences',
  body: ZUpdateNotifyPreferences,
  responses: { 200: ZNotifyPreferencesResponse },
  errors: [400, 401, 403],
});

/** The caller's level for a live post; 404 for a missing or deleted one. */
export const getPostFollow = endpoint({
  method: 'GET',
  path: '/api/forum/posts/:id/follow',
  params: ZTargetParams,
  responses: { 200: ZPostFollow },
  errors: [400, 401, 403, 404],
});

/** Sets the caller's level; answers the new one. */
export const setPostFollow = endpoint({
  method: 'PUT',
  path: '/api/forum/posts/:id/follow',
  params: ZTargetParams,
  body: ZPostFollow,
  responses: { 200: ZPostFollow },
  errors: [400, 401, 403, 404],
});

export const listCategoryFollows = endpoint({
  method: 'GET',
  path: '/api/forum/categories/follows',
  responses: { 200: ZCategoryFollows },
  errors: [401, 403],
});

/** Follows a category (again is fine); 404 for one that does not exist. */
export const followCategory = endpoint({
  method: 'PUT',
  path: '/api/forum/categories/:id/follow',
  params: ZTargetParams,
  responses: { 200: ZCategoryFollow },
  errors: [400, 401, 403, 404],
});

/** Stops following a category (not following is fine); 404 for one that does not exist. */
export const unfollowCategory = endpoint({
  method: 'DELETE',
  path: '/api/forum/categories/:id/follow',
  params: ZTargetParams,
  responses: { 200: ZCategoryFollow },
  errors: [400, 401, 403, 404],
});
