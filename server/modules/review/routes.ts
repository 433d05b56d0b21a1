import type { FastifyPluginAsync } from 'fastify';
import {
  approveHeldItem,
  createWatchedWord,
  deleteWatchedWord,
  getReviewSettings,
  listHeldItems,
  listOwnHeld,
  listWatchedWords,
  rejectHeldItem,
  updateReviewSettings,
} from '../../../common/contracts/review.ts';
import { REVIEW_MSG, WATCHED_MSG } from '../../../common/rules/review.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin, requireModerator, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import { ownHeldItems } from '../../trust/index.ts';
import type { ReviewQueue } from './queue-service.ts';
import type { WatchedWordAdmin } from './words-service.ts';

/**
 * The review queue and watched words (docs/API.md "Review queue and watched words"). Authorisation at
 * preValidation, before any input is read: the author's own held items need a verified member; the
 * queue, admins and moderators (guest 401, member 403 'Moderators only'); the watched words and the
 * review setting, admins (member and moderator 403 'Admins only').
 */
export const reviewRoutes: FastifyPluginAsync<{ db: Db; queue: ReviewQueue; words: WatchedWordAdmin }> = async (app, { db, queue, words }) => {
  route(app, listOwnHeld, { preValidation: requireVerified }, async (req) => ({ items: await ownHeldItems(db, req.user!.id) }));

  const moderator = { preValidation: requireModerator };
  route(app, listHeldItems, moderator, async (req) => queue.list(req.query));
  route(app, approveHeldItem, moderator, async (req) => ({ message: REVIEW_MSG.approved, item: await queue.approve(req.user!, req.params.id) }));
  route(app, rejectHeldItem, moderator, async (req) => ({ message: REVIEW_MSG.rejected, item: await queue.reject(req.user!, req.params.id, req.body.reason) }));

  const admin = { preValidation: requireAdmin };
  route(app, getReviewSettings, admin, async () => words.settings());
  route(app, updateReviewSettings, admin, async (req) => words.saveSettings(req.user!.id, req.body));
  route(app, listWatchedWords, admin, async () => words.list());
  route(app, createWatchedWord, admin, async (req, reply) => reply.code(201).send(await words.create(req.user!.id, req.body)));
  route(app, deleteWatchedWord, admin, async (req) => {
    await words.remove(req.user!.id, req.params.id);
    return { message: WATCHED_MSG.removed };
  });
};
