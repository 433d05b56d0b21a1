import type { FastifyPluginAsync } from 'fastify';
import {
  followCategory,
  getNotifyPreferences,
  getPostFollow,
  listCategoryFollows,
  setPostFollow,
  unfollowCategory,
  updateNotifyPreferences,
} from '../../../common/contracts/notification-preferences.ts';
import {
  getNotificationUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../../common/contracts/notifications.ts';
import type { Events } from '../../events.ts';
import { requireUser, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { NotificationService } from './service.ts';

/**
 * Notifications (docs/API.md "Notifications"): every call is the signed-in member's own (a guest, or
 * a suspended or deleted account, hears 401); created on post.created and comment.created. New
 * notifications and reads reach the member's sockets through the service (app.gateway).
 * Preferences and follows ("Notification preferences", "Follows") need a verified member, as every
 * other way of being notified does (push subscriptions, mentions): unverified 403.
 */
export const notificationRoutes: FastifyPluginAsync<{ notifications: NotificationService; events: Events }> = async (
  app,
  { notifications, events },
) => {
  // Once per post or comment, a job of the outbox after its commit: the rows commit with the job, so a
  // retry after a crash never notifies twice.
  const once = { transactional: true };
  events.on('post.created', 'notifications', (event, job) => notifications.notifyNewPost(event, job.db), once);
  events.on('comment.created', 'notifications', (event, job) => notifications.notifyNewComment(event, job.db), once);
  // Issue 28: a moderator approved or rejected the member's held post or comment.
  events.on('review.decided', 'notifications', (event, job) => notifications.notifyReviewDecision(event, job.db), once);
  events.on('verification.decided', 'notifications', (event, job) => notifications.notifyVerification(event, job.db), once);
  events.on('answer.changed', 'notifications', (event, job) => notifications.notifyAnswerAccepted(event, job.db), once);
  // Issue 28: members' flags hid the member's post or comment, or a moderator decided on it.
  events.on('flags.changed', 'notifications', (event, job) => notifications.notifyFlagChange(event, job.db), once);

  const hooks = { preValidation: requireUser };
  route(app, listNotifications, hooks, async (req) => notifications.list(req.user!.id, req.query.limit, req.query.before));
  route(app, getNotificationUnreadCount, hooks, async (req) => ({ count: await notifications.unreadCount(req.user!.id) }));
  route(app, markAllNotificationsRead, hooks, async (req) => notifications.markAllRead(req.user!.id));
  route(app, markNotificationRead, hooks, async (req) => notifications.markRead(req.user!.id, req.params.id));

  const verified = { preValidation: requireVerified };
  route(app, getNotifyPreferences, verified, async (req) => ({ preferences: await notifications.preferences.get(req.user!.id) }));
  route(app, updateNotifyPreferences, verified, async (req) => ({
    preferences: await notifications.preferences.update(req.user!.id, req.body.preferences),
  }));
  route(app, getPostFollow, verified, async (req) => ({ level: await notifications.follows.getPost(req.user!.id, req.params.id) }));
  route(app, setPostFollow, verified, async (req) => ({ level: await notifications.follows.setPost(req.user!.id, req.params.id, req.body.level) }));
  route(app, listCategoryFollows, verified, async (req) => ({ categoryIds: await notifications.follows.categories(req.user!.id) }));
  route(app, followCategory, verified, async (req) => notifications.follows.setCategory(req.user!.id, req.params.id, true));
  route(app, unfollowCategory, verified, async (req) => notifications.follows.setCategory(req.user!.id, req.params.id, false));
};
