import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Endpoint, EndpointReply, EndpointRequest } from '../../common/contracts/endpoint.ts';

/** The hooks and config a route may add to its contract (sign-in checks, rate limits…). */
export type RouteHooks = Omit<RouteShorthandOptions, 'schema'>;

export type EndpointHandler<E extends Endpoint> = (
  req: FastifyRequest<EndpointRequest<E>>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply | void> | EndpointReply<E> | FastifyReply | void;

/**
 * Registers the route of an endpoint contract (common/contracts/endpoint.ts): its method, path and
 * schemas come from the contract, so a handler can read only what was validated and answer only what
 * the contract declares (the response schemas serialize, and strip, the answer). The contract rides
 * along in the route's config, where the route table of the tests finds it.
 */
export function route<const E extends Endpoint>(app: FastifyInstance, endpoint: E, hooks: RouteHooks, handler: EndpointHandler<E>): void {
  const response: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) if (schema) response[Number(status)] = schema;
  app.route({
    ...hooks,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    config: { ...(hooks.config as object | undefined), endpoint },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered from (server/lib/route.ts). */
    endpoint?: Endpoint;
  }
}
