import type { FastifyPluginAsync } from 'fastify';
import {
  createTag,
  deleteTag,
  followArea,
  followTag,
  getArea,
  getLabelFollows,
  getTag,
  listAreas,
  listTags,
  unfollowArea,
  unfollowTag,
  updateTag,
} from '../../../common/contracts/labels.ts';
import { requireAdmin, requireVerified } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { LabelService } from './service.ts';

/**
 * Tags and postcode areas (docs/API.md "Tags and areas"). Reading is anyone's; following is a verified
 * member's (as category follows are); managing tags is an admin's. Authorisation runs at preValidation,
 * before any input is read.
 */
export const labelRoutes: FastifyPluginAsync<{ labels: LabelService }> = async (app, { labels }) => {
  const verified = { preValidation: requireVerified };
  const admin = { preValidation: requireAdmin };

  route(app, listTags, {}, async () => ({ tags: await labels.listTags() }));
  route(app, getTag, {}, async (req) => labels.getTag(req.params.slug));
  route(app, listAreas, {}, async () => labels.listAreas());
  // Members who show their area to members are listed to verified members only.
  route(app, getArea, {}, async (req) => labels.getArea(req.params.code, req.user?.emailVerifiedAt ? 'members' : 'everyone'));

  route(app, getLabelFollows, verified, async (req) => labels.follows(req.user!.id));
  route(app, followTag, verified, async (req) => labels.followTag(req.user!.id, req.params.slug, true));
  route(app, unfollowTag, verified, async (req) => labels.followTag(req.user!.id, req.params.slug, false));
  route(app, followArea, verified, async (req) => labels.followArea(req.user!.id, req.params.code, true));
  route(app, unfollowArea, verified, async (req) => labels.followArea(req.user!.id, req.params.code, false));

  route(app, createTag, admin, async (req, reply) => reply.code(201).send(await labels.createTag(req.user!, req.body)));
  route(app, updateTag, admin, async (req) => labels.updateTag(req.user!, req.params.id, req.body));
  route(app, deleteTag, admin, async (req) => labels.deleteTag(req.user!, req.params.id));
};
