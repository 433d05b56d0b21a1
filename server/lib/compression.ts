import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers compressed as the client accepts (brotli, else gzip; issue 31): a list's 20 KB of JSON goes
 * in a fraction of that, the difference between one and several round trips on a weak signal. Pages
 * (server/plugins/web.ts), cached guest answers (lib/guest-cache.ts) and every other route's answer
 * (`compressAnswer`, an onSend hook app.ts adds to every route) use the same choice and settings.
 *
 * No answer body carries a credential (the session is a cookie, codes and reset tokens go by mail),
 * so compressing answers that also hold what a client sent gives an attacker who sees only sizes
 * (BREACH) no secret to guess. Keep it so.
 */

type Encoding = 'br' | 'gzip';

/** Smaller bodies go as they are: the saving is a few bytes and the headers' cost stays. */
const COMPRESS_MIN_BYTES = 1024;

/** Text and JSON answers; images, archives and fonts are compressed already or not worth it. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/i;

/**
 * What `Accept-Encoding` allows, brotli first: a coding counts unless its q is 0 (RFC 9110 §12.5.3),
 * and `*` stands for any coding not named.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const allowed = (coding: Encoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  return allowed('br') ? 'br' : allowed('gzip') ? 'gzip' : null;
}

/** Brotli at quality 5: about 0.1 ms for a list page of JSON, where quality 11 takes 20 ms to save under a tenth more. */
function compressBody(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 6 });
}

/**
 * `bytes` compressed, made once while they live: a cached guest answer's bytes are one Buffer shared by
 * every guest, so its compressed copies go out of memory with it. A Buffer is never written to once
 * made (the post page's view count makes a new one), so the copy always matches it.
 */
const madeOnce = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
function compressedOnce(bytes: Buffer, encoding: Encoding): Buffer {
  let copies = madeOnce.get(bytes);
  if (!copies) madeOnce.set(bytes, (copies = {}));
  return (copies[encoding] ??= compressBody(bytes, encoding));
}

/**
 * Sends `bytes` of `contentType` as the client accepts. For bytes made once and sent many times (a
 * cached guest answer, the page shell): their compressed copies are made once too.
 */
export function sendBytes(req: FastifyRequest, reply: FastifyReply, bytes: Buffer, contentType: string): FastifyReply {
  reply.header('content-type', contentType);
  if (!compressible(contentType, bytes.length)) return reply.send(bytes);
  addVary(reply, 'Accept-Encoding');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  return encoding ? encoded(reply, encoding).send(compressedOnce(bytes, encoding)) : reply.send(bytes);
}

/**
 * Marks the answer as sent in `encoding`. Its ETag, made of the uncompressed bytes, becomes weak: a
 * strong one may name only one set of bytes (RFC 9110 §8.8.1), and a shared cache holding both codings
 * could otherwise give one's body for the other's 304. If-None-Match compares weakly (guest-cache.ts).
 */
function encoded(reply: FastifyReply, encoding: Encoding): FastifyReply {
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
  return reply.header('content-encoding', encoding).removeHeader('content-length');
}

/** Adds `field` to the answer's Vary header, keeping what is there. */
function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const fields = current === undefined ? [] : String(current).split(',').map((f) => f.trim()).filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Whether this answer would be compressed for a client that accepts it: a body of text or JSON of
 * at least COMPRESS_MIN_BYTES (measured in characters: a string's bytes are at least as many).
 */
function compressible(contentType: unknown, length: number): boolean {
  return length >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(String(contentType ?? ''));
}

/**
 * onSend of every route (added last, after the route's own, so an ETag is of the bytes as made and a
 * 304 is decided first): a compressible body goes out as the client accepts, with Vary:
 * Accept-Encoding whether or not this client did. Streams (files) and answers already encoded pass.
 */
export function compressAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  const status = reply.statusCode;
  if (status === 204 || status === 304 || reply.hasHeader('content-encoding')) return done(null, payload);
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  if (!compressible(reply.getHeader('content-type'), payload.length)) return done(null, payload);
  addVary(reply, 'Accept-Encoding');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  encoded(reply, encoding);
  done(null, compressBody(payload, encoding));
}
