import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TMaintenanceStatus } from '../common/contracts/maintenance.ts';
import { afterCommit } from './db/after-commit.ts';
import type { Db, Tx } from './db/client.ts';
import { RetryLater, type JobContext, type JobOptions, type JobRunner } from './jobs/runner.ts';
import { BusAwayError, channel, type EventBus } from './realtime/bus.ts';

/**
 * Domain events (DESIGN.md "real-time"; docs/ARCHITECTURE.md "A change"): a service publishes one in
 * the transaction of its change, and the event is an outbox row of that transaction (issue 29): it
 * exists if and only if the change commits, and survives a crash right after the commit. Features reach
 * each other through these instead of importing each other.
 *
 * Payloads are plain JSON (they are stored, and cross processes on the bus).
 */
/**
 * Who wrote a post or comment, as others are told: `username` is the anonymous label when it was written
 * anonymously (issue 32), and `id` the account (blocks and limits apply to it; it is never shown).
 */
export type EventActor = { id: number; username: string; anonymous?: true };

export type DomainEvents = {
  /** A post was written (its row is committed). */
  'post.created': { actor: EventActor; post: { id: number; title: string; content: string } };
  /** Issue 33: a Q&A post's accepted answer changed: reply `commentId` (written by `answererId`), or none. */
  'answer.changed': { postId: number; commentId: number | null; answererId: number | null; acceptedById: number };
  /** Issue 33: a post's poll changed (a vote, or it closed): readers of the thread get its counts (live-posts). */
  'poll.changed': { postId: number };
  /** A comment was written (its row and the post's counters are committed). */
  'comment.created': {
    actor: EventActor;
    comment: { id: number; postId: number; parentId: number | null; content: string };
    /** The post's comment_count after it (live threads). */
    commentCount: number;
  };
  // Live threads (modules/live-posts): what readers of a post see change in place. Counts and shared
  // text only, never one member's own state (their vote, their reactions).
  /** A comment's text was edited. */
  'comment.updated': { comment: { id: number; postId: number; content: string; contentHtml: string; editedAt: string } };
  /** A comment was deleted (soft); `commentCount` is the post's count after it. */
  'comment.deleted': { comment: { id: number; postId: number }; commentCount: number };
  /** A post's title, text or category was edited. */
  'post.updated': {
    post: {
      id: number;
      title: string;
      content: string;
      contentHtml: string;
      excerpt: string;
      editedAt: string | null;
      category: { id: number; name: string; slug: string; color: string; description: string };
    };
  };
  /** The vote counts of a post or comment (of post `postId`) after a vote by member `actorId`. */
  'votes.changed': { actorId: number; target: 'post' | 'comment'; id: number; postId: number; upvotes: number; downvotes: number };
  /** The reaction summary of a post or comment (of post `postId`) after a toggle by member `actorId`. */
  'reactions.changed': { actorId: number; target: 'post' | 'comment'; id: number; postId: number; reactions: Record<string, { count: number }> };
  /**
   * Sessions of this member ended (sign-out, sign-in replacing a session, password or email change,
   * suspension, deletion): their open sockets close at once, in every process (4401).
   */
  'session.ended': { userId: number };
  /** An admin suspended or restored a member's chat: their open pages are told. */
  'member.chat_access_changed': { userId: number; chatSuspended: boolean; verified: boolean };
  /** The maintenance switch changed (stored with its audit row). */
  'maintenance.changed': TMaintenanceStatus;
  /** An ad slot was created, changed or deleted: the CSP's ad image origins are read again. */
  'ads.changed': Record<string, never>;
  /** A watched word was added or removed: every process compiles its matcher again (server/trust). */
  'watched_words.changed': Record<string, never>;
  /** Issue 32: a moderator gave or refused a member's verified courier badge, or withdrew it: the member is told. */
  'verification.decided': { userId: number; network: string; outcome: 'approved' | 'refused' | 'withdrawn'; reason: string | null };
  /**
   * A moderator approved or rejected a held post or comment (issue 28): its author is told. `postId`
   * and `commentId` name what approving published (a rejected comment's post, if it is still there).
   */
  'review.decided': {
    moderatorId: number;
    authorId: number;
    kind: 'post' | 'comment';
    outcome: 'approved' | 'rejected';
    /** The post's title (a comment's: the post it was written on). */
    postTitle: string;
    postId: number | null;
    commentId: number | null;
    reason: string | null;
  };
  /**
   * Members' flags hid a post or comment, or a moderator decided on a hidden one: upheld (it stays
   * removed) or restored (issue 28 item 5). Its author is told. `postId` is the post (a comment's post).
   */
  'flags.changed': {
    kind: 'post' | 'comment';
    outcome: 'hidden' | 'upheld' | 'restored';
    authorId: number;
    postId: number;
    commentId: number | null;
    /** The post's title (a comment's: the post it was written on). */
    postTitle: string;
  };
};

export type EventName = keyof DomainEvents;
type ProcessHandler<N extends EventName> = (event: DomainEvents[N]) => Promise<void> | void;
type DurableHandler<N extends EventName> = (event: DomainEvents[N], ctx: JobContext) => Promise<void>;

export interface Events {
  /**
   * Records the event in `db`'s transaction (pass the transaction of the change: a publish outside one
   * is its own write, for changes that have no transaction). Once it commits, this process's
   * `onEveryProcess` handlers run and the runner starts the durable work; the request does not wait for
   * it. Nothing is recorded or run if the transaction rolls back.
   */
  publish<N extends EventName>(name: N, event: DomainEvents[N], db?: Db | Tx): Promise<void>;
  /**
   * Durable work once per event (stores rows, sends mail): a job named `event:<name>:<subscriber>`, run
   * at least once by whichever process claims it, retried on failure; transactional handlers (rows
   * only) commit with the job, so they run exactly once. `subscriber` names it in the jobs table.
   */
  on<N extends EventName>(name: N, subscriber: string, handler: DurableHandler<N>, opts?: JobOptions): void;
  /**
   * Per-process state that must follow the event in every process (caches, local sockets): run in the
   * publishing process once the change commits, and in every other process when the event reaches it
   * over the bus (a job, so a crash after the commit still tells them).
   */
  onEveryProcess<N extends EventName>(name: N, handler: ProcessHandler<N>): Promise<void>;
}

/** What crosses the bus: the event and the process that published it (which has run its handlers). */
type BusMessage = { origin: string; event: unknown };
const busChannel = (name: EventName) => channel<BusMessage>(`domain:${name}`);
const busJob = (name: EventName) => `event:${name}:bus`;
/** How soon an event the bus could not carry (Redis away) is tried again. */
const BUS_AWAY_RETRY_MS = 1_000;

export function createEvents(opts: { db: Db; jobs: JobRunner; bus: EventBus; log: Pick<FastifyBaseLogger, 'warn' | 'error'> }): Events {
  const { db, jobs, bus, log } = opts;
  const origin = crypto.randomUUID();
  const durable = new Map<EventName, string[]>();
  const everyProcess = new Map<EventName, Array<ProcessHandler<EventName>>>();
  const runHere = async (name: EventName, event: unknown) => {
    await Promise.all(
      (everyProcess.get(name) ?? []).map(async (handler) => {
        try {
          await handler(event as DomainEvents[EventName]);
        } catch (err) {
          log.error({ err, event: name }, 'domain event subscriber failed');
        }
      }),
    );
  };
  return {
    async publish(name, event, d = db) {
      for (const subscriber of durable.get(name) ?? []) await jobs.enqueue(d, `event:${name}:${subscriber}`, event);
      if (everyProcess.has(name)) {
        // One process alone (the in-process bus) has run them all once the change commits.
        if (bus.kind !== 'local') await jobs.enqueue(d, busJob(name), { origin, event } satisfies BusMessage);
        await afterCommit(() => runHere(name, event));
      }
    },
    on(name, subscriber, handler, o) {
      durable.set(name, [...(durable.get(name) ?? []), subscriber]);
      jobs.define(`event:${name}:${subscriber}`, (event, ctx) => handler(event as DomainEvents[typeof name], ctx), o);
    },
    async onEveryProcess(name, handler) {
      const handlers = everyProcess.get(name);
      if (handlers) {
        handlers.push(handler as ProcessHandler<EventName>);
        return;
      }
      everyProcess.set(name, [handler as ProcessHandler<EventName>]);
      // Redis away: nobody heard it, so it goes again a second later, quietly (the outage is logged once,
      // by the Redis health check) and with no attempt spent: it reaches the other processes within
      // seconds of Redis's return however long it was away.
      jobs.define(busJob(name), async (message) => {
        try {
          await bus.publish(busChannel(name), message as BusMessage);
        } catch (err) {
          if (err instanceof BusAwayError) throw new RetryLater(BUS_AWAY_RETRY_MS, 'Redis is away');
          throw err;
        }
      });
      await bus.subscribe(busChannel(name), (message) => {
        if (message.origin !== origin) void runHere(name, message.event);
      });
    },
  };
}
