// A stand-in push service for the Web Push tests: an in-process HTTPS server with a certificate made
// for the run (selfsigned), reached through an agent that trusts that certificate and nothing else and
// connects `push.test:443` to the server's local port. The sender is given the agent; TLS verification
// stays on. Also what a browser does with a push message: its own key pair and auth secret, and the
// decryption of an aes128gcm body (RFC 8291), written here from the RFC, apart from the sender's library.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { generate } from 'selfsigned';

export const PUSH_TEST_HOST = 'push.test';

/** One request as the push service received it. */
export type ReceivedPush = { at: number; method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** How the service answers the nth request (from 1): a status with headers, or no answer ever ('hang'), or a cut connection ('drop'). */
export type PushAnswer = { status: number; headers?: Record<string, string> } | 'hang' | 'drop';

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;

export async function startPushService() {
  const { private: key, cert } = await generate([{ name: 'commonName', value: PUSH_TEST_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: PUSH_TEST_HOST }, { type: 2, value: `*.${PUSH_TEST_HOST}` }] },
    ],
  });
  const received: ReceivedPush[] = [];
  const state: { answer: (n: number, req: ReceivedPush) => PushAnswer } = { answer: () => ({ status: 201 }) };
  const waiting = new Set<() => void>();
  const hung = new Set<ServerResponse>();

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedPush = { at: Date.now(), method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      for (const wake of waiting) wake();
      const answer = state.answer(received.length, r);
      if (answer === 'hang') {
        hung.add(res);
        return;
      }
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  /** An agent for the sender: `push.test` (and names under it) on port 443 reach this server, verified against its certificate. */
  const agentFor = (trusted: string | undefined) => {
    const agent = new https.Agent({ keepAlive: false, ...(trusted ? { ca: trusted } : {}) });
    // Returned at once, so the request sees the socket's errors (a refused certificate among them).
    agent.createConnection = (options: https.RequestOptions): Duplex => {
      const servername = String(options.servername || options.hostname || options.host);
      return tls.connect({ host: '127.0.0.1', port, servername, ...(trusted ? { ca: trusted } : {}) });
    };
    return agent;
  };

  return {
    host: PUSH_TEST_HOST,
    received,
    /** Trusts this server's certificate, and only it. */
    agent: agentFor(cert),
    /** Reaches this server but trusts only the system's authorities, as production does: the certificate is refused. */
    untrustingAgent: agentFor(undefined),
    /** How the next requests are answered (201 by default). */
    answer(fn: (n: number, req: ReceivedPush) => PushAnswer) {
      state.answer = fn;
    },
    /** Resolves once `n` requests have arrived. */
    async until(n: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`push service: ${received.length} of ${n} requests after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, 50);
        });
      }
      return received;
    },
    reset() {
      received.length = 0;
      state.answer = () => ({ status: 201 });
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- The browser's side ----

/** A browser's push subscription: what it sends the server, and the secrets it keeps to read messages. */
export type BrowserSubscription = {
  json: { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime: null };
  ecdh: ECDH;
  auth: Buffer;
};

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, expirationTime: null },
    ecdh,
    auth,
  };
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2, as a user agent reads a message: the header (salt, record size, the
 * sender's ephemeral public key), the keys derived from ECDH and the auth secret, one record decrypted
 * with AES-128-GCM, the padding delimiter (2: the last record) stripped.
 */
export function decryptPush(body: Buffer, sub: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, want the sender's 65-byte public key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID Authorization header (RFC 8292 §3): its JWT verified (ES256) with its own `k`, and the claims. */
export function readVapid(header: string | string[] | undefined): { key: string; claims: { aud: string; sub: string; exp: number }; header: { alg: string; typ: string } } {
  const m = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), ?k=([A-Za-z0-9_-]+)$/.exec(String(header));
  if (!m) throw new Error(`not a vapid Authorization header: ${String(header)}`);
  const [, h, p, s, k] = m;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!signed) throw new Error('the JWT signature does not verify with k');
  return {
    key: k,
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')),
    claims: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')),
  };
}
