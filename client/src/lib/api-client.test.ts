import { afterEach, describe, expect, it, vi } from 'vitest';
import { login } from '@endpoints/auth';
import { createPost, getPost, listPosts } from '@endpoints/forum';
import { endpointUrl } from '@common/contracts/endpoint';
import { ApiError, apiFetch, call, errorMessage } from './api-client';

const respond = (status: number, body: string, statusText = '') =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(body || null, { status, statusText }));

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it("throws 'status: body' with the parsed body and the server's message", async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Invalid email or password"}'));
    const err = await call(login, { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.message).toBe('401: {"message":"Invalid email or password"}');
    expect(e.status).toBe(401);
    expect(e.body).toEqual({ message: 'Invalid email or password' });
    expect(e.serverMessage).toBe('Invalid email or password');
    expect(errorMessage(e)).toBe('Invalid email or password');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', respond(503, '', 'Service Unavailable'));
    const err = (await call(listPosts).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('503: Service Unavailable');
    expect(err.serverMessage).toBeUndefined();
    expect(errorMessage(err)).toBe('Please try again.');
  });

  it('keeps a non-JSON body as text', async () => {
    vi.stubGlobal('fetch', respond(500, 'Internal oops'));
    const err = (await call(listPosts).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('500: Internal oops');
    expect(err.body).toBe('Internal oops');
  });

  it('sends cookies always and a JSON content type only with a body', async () => {
    const fetch = respond(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetch);
    expect(await call(createPost, { body: { title: 'A title here', content: 'Some content here', categoryId: 1 } })).toEqual({ ok: true });
    await call(getPost, { params: { idOrSlug: 'a-post' } });
    const [, withBody] = fetch.mock.calls[0];
    const [, without] = fetch.mock.calls[1];
    expect(withBody?.credentials).toBe('include');
    expect(without?.credentials).toBe('include');
    expect((withBody?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(withBody?.body).toBe('{"title":"A title here","content":"Some content here","categoryId":1}');
    expect((without?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(without?.body).toBeUndefined();
  });
});

describe('apiFetch', () => {
  it('passes extra headers (the analytics consent header) and leaves an OK body unread', async () => {
    const fetch = respond(200, 'file contents');
    vi.stubGlobal('fetch', fetch);
    const res = await apiFetch('POST', '/api/analytics/page-view', { path: '/' }, { headers: { 'X-Analytics-Consent': 'granted' }, keepalive: true });
    expect(await res.text()).toBe('file contents');
    const [, init] = fetch.mock.calls[0];
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', 'X-Analytics-Consent': 'granted' });
    expect(init?.keepalive).toBe(true);
  });
});

describe('endpointUrl', () => {
  it('fills path parameters (encoded) and adds defined query parameters only', () => {
    expect(endpointUrl(listPosts, {}, { page: 1, limit: 3, sortBy: 'newest', category: undefined })).toBe('/api/forum/posts?page=1&limit=3&sortBy=newest');
    expect(endpointUrl(listPosts, {}, {})).toBe('/api/forum/posts');
    expect(endpointUrl(getPost, { idOrSlug: 'a b/c' })).toBe('/api/forum/posts/a%20b%2Fc');
  });

  it('refuses a missing path parameter', () => {
    expect(() => endpointUrl(getPost, {})).toThrow('missing path parameter idOrSlug');
  });
});
