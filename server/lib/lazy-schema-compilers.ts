import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

// Resolved from Fastify's own folder: they are its dependencies, not ours.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Selector<F> = () => F;

function lazySelector<F extends (...args: never[]) => unknown>(id: string): F {
  let selector: F | undefined;
  return ((...args: Parameters<F>) => (selector ??= (fastifyRequire(id) as Selector<F>)())(...args)) as F;
}

/**
 * Fastify's default schema compilers (ajv, fast-json-stringify), loaded only if a route ever asks for
 * them. Fastify otherwise loads both when the app is created (~100 ms of a restart, a few MB), yet
 * every route here validates and serialises with zod's compilers (app.ts sets them on the root), so
 * they are never used. Same factories as Fastify's own, so nothing else changes.
 */
export const lazySchemaCompilers: Factories = {
  buildValidator: lazySelector<NonNullable<Factories['buildValidator']>>('@fastify/ajv-compiler'),
  buildSerializer: lazySelector<NonNullable<Factories['buildSerializer']>>('@fastify/fast-json-stringify-compiler'),
};
