import type { FastifyPluginAsync } from 'fastify';
import { createAnonymousBlock, deleteAnonymousBlock, listAnonymousBlocks } from '../../../common/contracts/anonymous.ts';
import { createMemberBlock, deleteMemberBlock, listMemberBlocks } from '../../../common/contracts/blocks.ts';
import { requireUser } from '../../identity/index.ts';
import { route } from '../../lib/route.ts';
import type { BlockService } from './service.ts';

/**
 * Blocks (docs/API.md "Blocks"). Any signed-in member, verified or not: a block only changes what
 * its maker sees and hears. Guests and suspended accounts 401, at preValidation, before validation.
 */
export const blockRoutes: FastifyPluginAsync<{ blocks: BlockService }> = async (app, { blocks }) => {
  const guard = { preValidation: requireUser };

  route(app, listMemberBlocks, guard, async (req) => blocks.list(req.user!.id));

  route(app, createMemberBlock, guard, async (req, reply) => reply.code(201).send(await blocks.block(req.user!.id, req.body.userId)));

  route(app, deleteMemberBlock, guard, async (req, reply) => {
    await blocks.unblock(req.user!.id, req.params.userId);
    return reply.code(204).send();
  });

  // Issue 32: blocking whoever wrote anonymous content, without learning who (ADR 0022).
  route(app, listAnonymousBlocks, guard, async (req) => blocks.listAnonymous(req.user!.id));

  route(app, createAnonymousBlock, guard, async (req, reply) => reply.code(201).send(await blocks.blockAnonymous(req.user!.id, req.body)));

  route(app, deleteAnonymousBlock, guard, async (req, reply) => {
    await blocks.unblockAnonymous(req.user!.id, req.params.id);
    return reply.code(204).send();
  });
};
