import { createECDH } from 'node:crypto';
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { TPushSubscription, TPushSubscriptionSaved } from '../../../common/contracts/push.ts';
import { PUSH_LIMITS, PUSH_MSG } from '../../../common/rules/push.ts';
import type { Core } from '../../core.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http-errors.ts';
import { pushEndpointProblem } from './endpoints.ts';
import { createPushSender, sendable, type PushMessage, type PushSendOptions, type PushSenderOptions, type SendableMessage } from './sender.ts';
import { loadVapid, type Vapid } from './vapid.ts';

// Web Push (docs/API.md "Push"): the VAPID public key, members' devices (push_subscriptions), and
// sendToUser, which the rest of the app calls to reach a member's devices (sender.ts).

/** Whether the browser's key is a point on P-256: one that is not would fail every send, so it is refused up front. */
function onCurve(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores a member's device under the sign-in it came with, or, for an endpoint already stored (this
 * browser subscribed before, perhaps signed in as someone else), takes it over with the new keys and
 * sign-in. The device is forgotten when that sign-in ends (the foreign key cascades). Past
 * PUSH_LIMITS.devicesPerMember the member's least recently subscribed devices go.
 */
async function subscribe(db: Db, hosts: readonly string[], now: Date, by: { userId: number; sessionTokenHash: string }, sub: TPushSubscription): Promise<TPushSubscriptionSaved> {
  const problem = pushEndpointProblem(sub.endpoint, hosts);
  if (problem) throw badRequest(problem, { endpoint: problem });
  if (!onCurve(sub.keys.p256dh)) throw badRequest(PUSH_MSG.p256dhNotOnCurve, { 'keys.p256dh': PUSH_MSG.p256dhNotOnCurve });
  const { userId, sessionTokenHash } = by;
  return db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, sessionTokenHash, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, sessionTokenHash, p256dh: sub.keys.p256dh, auth: sub.keys.auth, updatedAt: now },
      });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(PUSH_LIMITS.devicesPerMember);
    await tx.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        notInArray(
          pushSubscriptions.id,
          kept.map((r) => r.id),
        ),
      ),
    );
    const [devices] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    return { endpoint: sub.endpoint, devices: Number(devices?.n ?? 0) };
  });
}

/** Forgets one of the member's devices; another member's, or one not stored, is 404 (an endpoint tells nobody whose it is). */
async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound(PUSH_MSG.notFound);
}

/**
 * The push service, made once in buildApp from the core. `options` are the sender's (tests give it an
 * agent that trusts their own HTTPS server, and short delays); the app uses the defaults.
 */
export function createPushService({ config, db, log, clock, jobs }: Pick<Core, 'config' | 'db' | 'log' | 'clock' | 'jobs'>, options: PushSenderOptions = {}) {
  // Read (or made) on first need and kept; a failed read is tried again next time.
  let vapid: Promise<Vapid> | undefined;
  const keys = () =>
    (vapid ??= loadVapid(db, config).catch((err: unknown) => {
      vapid = undefined;
      throw err;
    }));
  const sender = createPushSender({ db, log, clock, hosts: config.pushEndpointHosts, vapid: keys }, options);
  // A message to a member's devices is a job: one that stopped midway (the process stopping) runs again.
  // Its retries are the sender's (seconds, honouring Retry-After), within a lease long enough for them.
  jobs.define<{ userId: number; message: SendableMessage }>('push.send', ({ userId, message }) => sender.deliverToUser(userId, message));
  return {
    publicKey: async () => (await keys()).publicKey,
    subscribe: (by: { userId: number; sessionTokenHash: string }, sub: TPushSubscription) => subscribe(db, config.pushEndpointHosts, clock.now(), by, sub),
    unsubscribe: (userId: number, endpoint: string) => unsubscribe(db, userId, endpoint),
    /**
     * Queues a notification to every device of the member, in `inTx` (the transaction of what caused
     * it: sent only if that commits, and not lost if the process stops after), and returns: the sends
     * happen off the request. Throws only for a `url` off the site.
     */
    sendToUser: (userId: number, message: PushMessage, sendOptions: PushSendOptions = {}, inTx: Db | Tx = db) =>
      jobs.enqueue(inTx, 'push.send', { userId, message: sendable(message, sendOptions) }),
    stats: sender.stats,
    close: sender.close,
  };
}
export type PushService = ReturnType<typeof createPushService>;
/** The push service's sendToUser, as the features that push are given it. */
export type SendToDevices = PushService['sendToUser'];
