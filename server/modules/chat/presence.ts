import { randomUUID } from 'node:crypto';
import type { Core } from '../../core.ts';
import { BusAwayError, channel, type EventBus } from '../../realtime/bus.ts';

// Who has an open socket, in any process: what decides whether a chat message is also pushed to the
// member's devices. Each process knows only its own sockets (gateway.socketCount), so with several
// processes (the Redis bus) a process asks the others over the bus, and every process answers with
// those of the asked members it holds a socket of. Only "yes" is ever answered: a member nobody claims
// within PRESENCE_WAIT_MS counts as away. A slow or lost answer therefore costs at worst one push to a
// member who was on the site, never a message the member does not hear of.

/** How long a process waits for the others to claim a member before taking them as away. */
export const PRESENCE_WAIT_MS = 300;

type PresenceEvent = { ask: string; userIds: number[] } | { answer: string; online: number[] };
export const PRESENCE_EVENTS = channel<PresenceEvent>('kerbside:presence');

export type Presence = {
  /** Of these members, those with an open socket in some process. */
  online(userIds: number[]): Promise<Set<number>>;
  close(): Promise<void>;
};

export async function createPresence({
  bus,
  socketCount,
  log,
  waitMs = PRESENCE_WAIT_MS,
}: {
  bus: EventBus;
  /** This process's open sockets of a member (the gateway's socketCount). */
  socketCount: (userId: number) => number;
  log: Core['log'];
  waitMs?: number;
}): Promise<Presence> {
  const localOnline = (userIds: number[]) => userIds.filter((id) => socketCount(id) > 0);
  // Questions this process asked and is still waiting on: the members not yet claimed, and who to wake.
  const asked = new Map<string, { missing: Set<number>; found: Set<number>; done: () => void }>();

  // One process: its own sockets are all there are, and nothing need cross the bus.
  const alone = bus.kind === 'local';
  const unsubscribe = alone
    ? async () => undefined
    : await bus.subscribe(PRESENCE_EVENTS, (event) => {
        if (event && 'ask' in event && Array.isArray(event.userIds)) {
          const online = localOnline(event.userIds.filter((id) => typeof id === 'number'));
          if (online.length > 0) {
            bus.publish(PRESENCE_EVENTS, { answer: event.ask, online }).catch((err: unknown) => log.warn({ err }, 'presence: answer not sent'));
          }
        } else if (event && 'answer' in event && Array.isArray(event.online)) {
          const question = asked.get(event.answer);
          if (!question) return;
          for (const id of event.online) {
            if (question.missing.delete(id)) question.found.add(id);
          }
          if (question.missing.size === 0) question.done();
        }
      });

  return {
    async online(userIds) {
      const found = new Set(localOnline(userIds));
      const missing = new Set(userIds.filter((id) => !found.has(id)));
      if (alone || missing.size === 0) return found;
      const id = randomUUID();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, waitMs);
        function finish() {
          clearTimeout(timer);
          asked.delete(id);
          resolve();
        }
        asked.set(id, { missing, found, done: finish });
        bus.publish(PRESENCE_EVENTS, { ask: id, userIds: [...missing] }).catch((err: unknown) => {
          // Redis away is logged once by its watch, not at every message.
          if (!(err instanceof BusAwayError)) log.warn({ err }, 'presence: question not sent; the members count as away');
          finish();
        });
      });
      return found;
    },
    async close() {
      for (const question of asked.values()) question.done();
      await unsubscribe().catch(() => undefined);
    },
  };
}
