import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tooManyRequests } from '../http-errors.ts';
import { errorsPlugin, OUT_OF_SPACE_MSG } from './errors.ts';

describe('errors plugin', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false, genReqId: () => 'req-123' });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin, { appName: 'Kerbside' });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/things',
      { schema: { body: z.object({ name: z.string().min(3, 'Name is too short'), size: z.object({ kg: z.number({ error: 'Weight must be a number' }) }) }) } },
      async () => ({ ok: true }),
    );
    typed.get('/boom', async () => {
      throw new Error('connection to db-primary.internal:5432 refused');
    });
    // What node-postgres throws, wrapped as Drizzle wraps it, when PostgreSQL is away.
    const away = () => new Error('Failed query: select 1', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    typed.get('/api/things', async () => {
      throw away();
    });
    typed.get('/forum', async () => {
      throw away();
    });
    // What PGlite or node-postgres throws, wrapped by Drizzle, when a table cannot grow on a full disk.
    typed.post('/api/full', async () => {
      throw new Error('Failed query: insert into "posts" …', {
        cause: Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: '53100' }),
      });
    });
    typed.get('/slow-down', async () => {
      throw tooManyRequests('Please wait before trying again.', 42.2);
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it('answers invalid input with 400, the first message and every field message', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'ab', size: { kg: 'heavy' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Name is too short',
      errors: { name: 'Name is too short', 'size.kg': 'Weight must be a number' },
    });
  });

  it('answers a malformed body with a readable 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('hides 5xx details and gives a reference to find them in the log', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side (reference req-123).' });
    expect(res.body).not.toContain('db-primary');
  });

  it('sends HttpError statuses with Retry-After', async () => {
    const res = await app.inject('/slow-down');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('43');
    expect(res.json()).toEqual({ message: 'Please wait before trying again.' });
  });

  it('answers 503 with Retry-After while the database is away (issue 29): JSON for the API, a page of its own for a reader', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/things', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toEqual({ message: 'Kerbside is having trouble — try again in a moment.' });
    const page = await app.inject({ method: 'GET', url: '/forum', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Kerbside is having trouble — try again in a moment.</h1>');
    expect(page.body).toContain('http-equiv="refresh"');
  });

  it('answers 507 when the database refuses a write for want of disk space (issue 29), not a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/full' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ message: OUT_OF_SPACE_MSG });
    expect(OUT_OF_SPACE_MSG).toBe('The server is out of storage space');
  });
});
