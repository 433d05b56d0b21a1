import type { FastifyBaseLogger } from 'fastify';
import type { TMaintenanceStatus } from '../common/contracts/maintenance.ts';
import { channel, type EventBus } from './realtime/bus.ts';

/**
 * Domain events (DESIGN.md "real-time"; docs/ARCHITECTURE.md "A change"): a service publishes one
 * after its transaction has committed, so a subscriber never sees a change that could still roll
 * back. Features reach each other through these instead of importing each other.
 *
 * Payloads are plain JSON (they may cross processes on the bus).
 */
export type DomainEvents = {
  /** A post was written (its row is committed). */
  'post.created': { actor: { id: number; username: string }; post: { id: number; title: string; content: string } };
  /** A comment was written (its row and the post's counters are committed). */
  'comment.created': {
    actor: { id: number; username: string };
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
type Handler<N extends EventName> = (event: DomainEvents[N]) => Promise<void> | void;

export interface Events {
  /**
   * After commit. Runs this process's `on` handlers (awaited, so the request answers after them, as
   * a direct call did; a failing handler is logged and never fails the publisher), then puts the
   * event on the bus for `onEveryProcess` handlers.
   */
  publish<N extends EventName>(name: N, event: DomainEvents[N]): Promise<void>;
  /** Work done once per event, in the process that published it (stores rows, sends mail). */
  on<N extends EventName>(name: N, handler: Handler<N>): void;
  /** Per-process state that must follow the event in every process (caches, local sockets). */
  onEveryProcess<N extends EventName>(name: N, handler: Handler<N>): Promise<void>;
}

const busChannel = (name: EventName) => channel<unknown>(`domain:${name}`);

export function createEvents(opts: { bus: EventBus; log: Pick<FastifyBaseLogger, 'warn' | 'error'> }): Events {
  const { bus, log } = opts;
  const local = new Map<EventName, Array<Handler<EventName>>>();
  const everyProcess = new Set<EventName>();
  const run = async (name: EventName, handler: Handler<EventName>, event: unknown) => {
    try {
      await handler(event as DomainEvents[EventName]);
    } catch (err) {
      log.error({ err, event: name }, 'domain event subscriber failed');
    }
  };
  return {
    async publish(name, event) {
      for (const handler of local.get(name) ?? []) await run(name, handler as Handler<EventName>, event);
      if (everyProcess.has(name)) {
        await bus.publish(busChannel(name), event).catch((err: unknown) => log.warn({ err, event: name }, 'domain event not published'));
      }
    },
    on(name, handler) {
      local.set(name, [...(local.get(name) ?? []), handler as Handler<EventName>]);
    },
    async onEveryProcess(name, handler) {
      everyProcess.add(name);
      await bus.subscribe(busChannel(name), (event) => void run(name, handler as Handler<EventName>, event));
    },
  };
}
