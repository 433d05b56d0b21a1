import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { WebSocket, type RawData } from 'ws';
import {
  clientFrames,
  WS_CLOSE,
  WS_MAX_FRAME_BYTES,
  WS_PATH,
  type ClientFrame,
  type ClientFrameType,
  type ServerFrame,
} from '../../common/ws-events.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../core.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { HttpError } from '../http-errors.ts';
import { liveSession } from '../identity/index.ts';
import { perIpLimit } from '../plugins/rate-limits.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MSG } from '../plugins/storable-text.ts';
import { BusAwayError, channel, createEventBus, type EventBus } from './bus.ts';

// The real-time gateway (DESIGN.md "real-time"; docs/API.md "WebSocket /ws"). One socket per browser
// tab, authenticated by the session cookie on upgrade. Feature modules do not touch sockets: they
// register handlers for client frame types and send frames to users:
//
//   app.gateway.on('join_conversation', async (frame, ctx) => { … ctx.send({ type: … }) });
//   await app.gateway.sendToUser(userId, { type: 'notification:new', notification });
//   await app.gateway.sendToUsers([{ userId: a, frame: … }, { userId: b, frame: … }]); // one publish
//
// sendToUser goes through the event bus, so it reaches the user's sockets in every process.

/** One connected socket, as handlers see it. */
export type SocketContext = {
  /** Unique in this process. */
  readonly id: number;
  readonly userId: number;
  readonly username: string;
  /** To this socket only. */
  send(frame: ServerFrame): void;
  close(code: number, reason: string): void;
};

export type FrameHandler<K extends ClientFrameType> = (frame: ClientFrame<K>, ctx: SocketContext) => void | Promise<void>;

export interface Gateway {
  /**
   * Handles client frames of one type (one handler per type), already validated against
   * `clientFrames[type]`. Frames of one socket are handled one after another, in arrival order. A
   * thrown HttpError becomes `error {message}` to that socket; anything else is logged and answered
   * with a generic error. The socket stays open either way.
   */
  on<K extends ClientFrameType>(type: K, handler: FrameHandler<K>): void;
  /** Called once when a socket that was accepted goes away (for per-socket state, e.g. joined rooms). */
  onDisconnect(handler: (ctx: SocketContext) => void): void;
  /** To every socket of the user in every process (published on the bus). */
  sendToUser(userId: number, frame: ServerFrame): Promise<void>;
  /**
   * Several frames (of one domain event) to their users' sockets in every process, as ONE event on
   * the bus (one Redis publish); each process delivers them in the given order.
   */
  sendToUsers(events: UserEvent[]): Promise<void>;
  /**
   * Sessions of the user have ended (sign-out, password change or reset, email change, sign out
   * everywhere, suspension, deletion): every process checks that user's open sockets against the live
   * sessions and closes those whose session is gone with 4401 at once, so signing out one device
   * closes that device's sockets only and a suspension closes them all. Call it after the transaction
   * that ended them commits. This process's sockets are closed before it resolves, so a frame sent
   * after the HTTP answer is not handled. It never throws: a failure is logged, and the heartbeat's
   * session check still closes them within HEARTBEAT_MS.
   */
  closeEndedSessions(userId: number): Promise<void>;
  /** Open sockets in this process: of one user, or all. */
  socketCount(userId?: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gateway;
  }
}

/** Per-user frames on the bus: each process delivers them to the user's sockets it holds. */
export type UserEvent = { userId: number; frame: ServerFrame };
/** Several frames published together (sendToUsers), delivered in order. */
export type UserEventBatch = { batch: UserEvent[] };
/** Sessions of the user ended (closeEndedSessions): each process re-checks that user's sockets. */
export type SessionsEnded = { sessionsEndedUserId: number; from: string };
export const USER_EVENTS = channel<UserEvent | UserEventBatch | SessionsEnded>('kerbside:user-events');

export const HEARTBEAT_MS = 30_000;
/** Sockets one account may hold in one process (tabs and devices); more are closed with 4429. */
export const MAX_SOCKETS_PER_USER = 20;
/** Frames one socket may send per FRAME_WINDOW_MS; more are answered with an error and dropped. */
export const MAX_FRAMES_PER_WINDOW = 100;
const FRAME_WINDOW_MS = 10_000;
/** A socket whose unsent data passes this is not reading: it is dropped rather than buffered for. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const UPGRADES_PER_MINUTE = 120;
/**
 * The bus's resync calls that come within this of the first (this process's own return, other
 * processes' notices) make one `resync` frame per socket, sent after all of them.
 */
export const RESYNC_GATHER_MS = 250;

export const WS_MSG = {
  notJson: 'Frames must be JSON text',
  noType: 'A frame must be a JSON object with a string "type"',
  unknownType: (type: string) => `Unknown frame type "${type.slice(0, 40)}"`,
  invalid: (type: string, why: string) => `Invalid ${type} frame: ${why}`,
  tooMany: 'Too many frames; slow down',
  failed: 'Something went wrong handling that frame',
} as const;

type Conn = {
  ctx: SocketContext;
  socket: WebSocket;
  tokenHash: string;
  /** Its session ended and it is closing with 4401: no further frame of it is handled. */
  ended: boolean;
  alive: boolean;
  queue: Promise<void>;
  windowStart: number;
  frames: number;
};

export type RealtimeOptions = {
  config: Config;
  db: Db;
  /** The services' clock: a session ends by it here as it does for a request (identity). */
  clock: Clock;
  /** The app's shared Redis client, used to publish when REDIS_URL is set. */
  redis?: Redis;
  /** The bus to use instead of the one config calls for (tests listen to it); closed with the app either way. */
  bus?: EventBus;
  /** Tests shorten it. */
  heartbeatMs?: number;
};

/**
 * GET /ws plus `app.gateway`. Registered before the feature modules that use it. Everything it
 * opened or was given (sockets, timer, bus and its Redis connections) is closed with the app.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimeOptions) => {
    const { config, db, clock } = opts;
    const log = app.log;
    const bus = opts.bus ?? createEventBus({ redisUrl: config.redisUrl, redis: opts.redis, log });
    const byUser = new Map<number, Set<Conn>>();
    const handlers = new Map<string, FrameHandler<ClientFrameType>>();
    const disconnectHandlers: Array<(ctx: SocketContext) => void> = [];
    const allowedOrigin = new URL(config.appUrl).origin;
    let nextId = 1;
    let closing = false;
    /** Tells this process's own closeEndedSessions events apart: it has already checked its sockets. */
    const instanceId = randomUUID();

    const sendRaw = (conn: Conn, payload: string) => {
      const { socket } = conn;
      if (socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(payload);
    };
    const sendError = (conn: Conn, message: string) => sendRaw(conn, JSON.stringify({ type: 'error', message } satisfies ServerFrame));

    const deliverLocal = (userId: number, frame: ServerFrame) => {
      const conns = byUser.get(userId);
      if (!conns) return;
      const payload = JSON.stringify(frame);
      for (const conn of conns) sendRaw(conn, payload);
    };

    const endConn = (conn: Conn) => {
      conn.ended = true;
      conn.socket.close(WS_CLOSE.unauthorized, 'Session ended');
    };

    /** Closes this process's sockets of the user whose session is no longer live (one query). */
    const closeEndedLocal = async (userId: number) => {
      const conns = [...(byUser.get(userId) ?? [])].filter((c) => !c.ended);
      if (conns.length === 0 || closing) return;
      const valid = await validSessions(db, clock, [...new Set(conns.map((c) => c.tokenHash))]);
      for (const conn of conns) if (!valid.has(conn.tokenHash) && !conn.ended) endConn(conn);
    };

    const deliverEvent = (event: UserEvent | undefined) => {
      if (typeof event?.userId === 'number' && event.frame) deliverLocal(event.userId, event.frame);
    };
    /** What this process does with USER_EVENTS, from the bus or (Redis away) from itself. */
    const onUserEvent = (event: UserEvent | UserEventBatch | SessionsEnded) => {
      if (event && 'sessionsEndedUserId' in event) {
        if (event.from === instanceId || typeof event.sessionsEndedUserId !== 'number') return;
        const userId = event.sessionsEndedUserId;
        closeEndedLocal(userId).catch((err: unknown) => {
          if (!closing) log.warn({ err, userId }, 'closing ended sessions’ sockets failed');
        });
      } else if (event && 'batch' in event) {
        if (Array.isArray(event.batch)) for (const e of event.batch) deliverEvent(e);
      } else deliverEvent(event);
    };
    /**
     * Frames to users in every process. With Redis away this process's sockets still get them at once;
     * other processes' sockets are told to resync when it returns (bus.onResync, below), and read them then.
     */
    const publishToUsers = async (event: UserEvent | UserEventBatch) => {
      try {
        await bus.publish(USER_EVENTS, event);
      } catch (err) {
        if (!(err instanceof BusAwayError)) throw err;
        onUserEvent(event);
      }
    };

    const gateway: Gateway = {
      on(type, handler) {
        if (!Object.hasOwn(clientFrames, type)) throw new Error(`gateway.on: "${type}" has no schema in common/ws-events.ts`);
        if (handlers.has(type)) throw new Error(`gateway.on: "${type}" already has a handler`);
        handlers.set(type, handler as unknown as FrameHandler<ClientFrameType>);
      },
      onDisconnect(handler) {
        disconnectHandlers.push(handler);
      },
      async sendToUser(userId, frame) {
        await publishToUsers({ userId, frame });
      },
      async sendToUsers(events) {
        if (events.length === 0) return;
        await publishToUsers(events.length === 1 ? events[0]! : { batch: events });
      },
      async closeEndedSessions(userId) {
        try {
          await closeEndedLocal(userId);
        } catch (err) {
          log.warn({ err, userId }, 'closing ended sessions’ sockets failed here');
        }
        try {
          await bus.publish(USER_EVENTS, { sessionsEndedUserId: userId, from: instanceId });
        } catch (err) {
          // Redis away (logged once by its watch): the heartbeat's session check closes them there.
          if (!(err instanceof BusAwayError)) log.warn({ err, userId }, 'could not tell other processes to close ended sessions’ sockets');
        }
      },
      socketCount(userId) {
        if (userId !== undefined) return byUser.get(userId)?.size ?? 0;
        let n = 0;
        for (const set of byUser.values()) n += set.size;
        return n;
      },
    };

    // The spec's two built-in frames.
    gateway.on('authenticate', (frame, ctx) => ctx.send({ type: 'authenticated', success: String(frame.userId) === String(ctx.userId) }));
    gateway.on('ping', (_frame, ctx) => ctx.send({ type: 'pong' }));

    const onFrame = (conn: Conn, data: RawData, isBinary: boolean) => {
      // Frames that arrive while an ended session's socket closes are not the member's any more.
      if (conn.ended) return;
      const now = Date.now();
      if (now - conn.windowStart >= FRAME_WINDOW_MS) {
        conn.windowStart = now;
        conn.frames = 0;
      }
      conn.frames++;
      if (conn.frames > MAX_FRAMES_PER_WINDOW) {
        if (conn.frames === MAX_FRAMES_PER_WINDOW + 1) sendError(conn, WS_MSG.tooMany);
        return;
      }
      if (isBinary) return sendError(conn, WS_MSG.notJson);
      let value: unknown;
      try {
        value = JSON.parse(rawToString(data));
      } catch {
        return sendError(conn, WS_MSG.notJson);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as { type?: unknown }).type !== 'string') {
        return sendError(conn, WS_MSG.noType);
      }
      const type = (value as { type: string }).type;
      const handler = Object.hasOwn(clientFrames, type) ? handlers.get(type) : undefined;
      if (!handler) return sendError(conn, WS_MSG.unknownType(type));
      const parsed = clientFrames[type as ClientFrameType].safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const why = issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'invalid';
        return sendError(conn, WS_MSG.invalid(type, why));
      }
      const unstorable = findUnstorableText(parsed.data);
      if (unstorable) return sendError(conn, WS_MSG.invalid(type, `${unstorable}: ${UNSTORABLE_TEXT_MSG}`));
      const frame = { ...parsed.data, type } as ClientFrame;
      conn.queue = conn.queue
        .then(() => (conn.ended ? undefined : handler(frame, conn.ctx)))
        .catch((err: unknown) => {
          if (err instanceof HttpError && err.statusCode < 500) return sendError(conn, err.message);
          log.error({ err, frameType: type, userId: conn.ctx.userId }, 'socket frame handler failed');
          sendError(conn, WS_MSG.failed);
        });
    };

    const remove = (conn: Conn) => {
      const set = byUser.get(conn.ctx.userId);
      if (!set?.delete(conn)) return;
      if (set.size === 0) byUser.delete(conn.ctx.userId);
      for (const h of disconnectHandlers) {
        try {
          h(conn.ctx);
        } catch (err) {
          log.error({ err }, 'socket disconnect handler failed');
        }
      }
    };

    await app.register(websocket, {
      options: { maxPayload: WS_MAX_FRAME_BYTES },
      // Socket errors (a reset connection, a frame over maxPayload: `ws` has already started closing
      // with 1009) end that socket only.
      errorHandler: (err, socket) => {
        log.debug({ err }, 'socket error');
        if (socket.readyState === WebSocket.OPEN) socket.terminate();
      },
      // On app.close (after a stop's drain: server/shutdown.ts): tell every client to reconnect now,
      // which the proxy sends to another process; give the close handshake a moment.
      preClose: (done) => {
        closing = true;
        for (const set of byUser.values()) for (const conn of set) conn.socket.close(WS_CLOSE.restarting, 'Server restarting');
        const wss = app.websocketServer;
        setTimeout(() => {
          for (const client of wss.clients) client.terminate();
        }, 1000).unref();
        done();
      },
    });

    const unsubscribe = await bus.subscribe(USER_EVENTS, onUserEvent);

    // Frames may have been missed (Redis was away): every socket here is told to read again what
    // frames carry, as the client does after a reconnect (client/src/lib/socket-client.ts). What was
    // stored meanwhile is in the database; a frame that does arrive as well is merged by its id there.
    let resyncTimer: NodeJS.Timeout | undefined;
    const offResync = bus.onResync(() => {
      if (resyncTimer) return; // the frame to come is sent after this call, so it covers it too
      resyncTimer = setTimeout(() => {
        resyncTimer = undefined;
        const payload = JSON.stringify({ type: 'resync' } satisfies ServerFrame);
        for (const set of byUser.values()) for (const conn of set) if (!conn.ended) sendRaw(conn, payload);
      }, RESYNC_GATHER_MS);
      resyncTimer.unref();
    });

    app.get(
      WS_PATH,
      { websocket: true, config: perIpLimit(UPGRADES_PER_MINUTE, '1 minute', 'Too many connections. Please wait a minute.') },
      (socket, req) => {
        // Only the site's own pages (or non-browser clients, which send no Origin) may open a socket
        // that carries the member's cookie.
        const origin = req.headers.origin;
        const host = req.headers.host;
        if (origin !== undefined && origin !== allowedOrigin && !(host && (origin === `http://${host}` || origin === `https://${host}`))) {
          socket.close(WS_CLOSE.forbiddenOrigin, 'Cross-site socket refused');
          return;
        }
        // The session plugin read the cookie into req.user: suspended and deleted accounts are guests.
        const user = req.user;
        if (!user || !req.sessionTokenHash || closing) {
          socket.close(closing ? WS_CLOSE.restarting : WS_CLOSE.unauthorized, closing ? 'Server restarting' : 'Authentication required');
          return;
        }
        let set = byUser.get(user.id);
        if (set && set.size >= MAX_SOCKETS_PER_USER) {
          socket.close(WS_CLOSE.tooManySockets, 'Too many connections');
          return;
        }
        const conn: Conn = {
          socket,
          tokenHash: req.sessionTokenHash,
          ended: false,
          alive: true,
          queue: Promise.resolve(),
          windowStart: Date.now(),
          frames: 0,
          ctx: {
            id: nextId++,
            userId: user.id,
            username: user.username,
            send: (frame) => sendRaw(conn, JSON.stringify(frame)),
            close: (code, reason) => socket.close(code, reason),
          },
        };
        if (!set) byUser.set(user.id, (set = new Set()));
        set.add(conn);
        socket.on('message', (data, isBinary) => onFrame(conn, data, isBinary));
        socket.on('pong', () => {
          conn.alive = true;
        });
        socket.on('close', () => remove(conn));
      },
    );

    // Heartbeat: a socket that did not answer the previous ping is dead (a phone that lost signal, a
    // sleeping laptop) and is dropped. The same tick ends sockets whose session has ended (absolute or
    // idle expiry, and anything closeEndedSessions missed) with 4401, one query for all of them.
    const tick = async () => {
      const live: Conn[] = [];
      for (const set of byUser.values()) {
        for (const conn of set) {
          if (conn.ended) continue;
          if (!conn.alive) {
            conn.socket.terminate();
            continue;
          }
          conn.alive = false;
          conn.socket.ping();
          live.push(conn);
        }
      }
      if (live.length === 0 || closing) return;
      try {
        const valid = await validSessions(db, clock, [...new Set(live.map((c) => c.tokenHash))]);
        for (const conn of live) if (!valid.has(conn.tokenHash) && !conn.ended) endConn(conn);
      } catch (err) {
        if (!closing) log.warn({ err }, 'socket session check failed');
      }
    };
    const timer = setInterval(() => void tick(), opts.heartbeatMs ?? HEARTBEAT_MS);
    timer.unref();

    app.decorate('gateway', gateway);

    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      clearTimeout(resyncTimer);
      offResync();
      await unsubscribe().catch(() => undefined);
      for (const client of app.websocketServer.clients) client.terminate();
      await bus.close();
    });
  },
  { name: 'kerbside-realtime' },
);

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Which of these session token hashes still belong to a live session (not expired, not idle) of an active account. */
async function validSessions(db: Db, clock: Clock, hashes: string[]): Promise<Set<string>> {
  const valid = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const chunk = hashes.slice(i, i + 500);
    const rows = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.tokenHash, chunk), liveSession(clock.now()), isNull(users.suspendedAt), isNull(users.deletedAt)));
    for (const r of rows) valid.add(r.tokenHash);
  }
  return valid;
}
