import { performance } from 'node:perf_hooks';
import { UPLOAD_MSG } from '../../../common/rules/uploads.ts';
import { tooManyRequests, type HttpError } from '../../http-errors.ts';
import { waitText } from '../../plugins/rate-limits.ts';

// Photos under pressure (issue 29): 200 members sending a photo at the same moment once meant
// minutes of waiting, answers that never came for photos that were stored anyway, and 820 MB held
// a minute later. Now at most `parallel` photos are processed at once and `waiting` more hold a
// place (their file arriving, or waiting for their turn); the next is refused at once with 429 and
// Retry-After, before its file is read (routes.ts), so what is held (and how long anyone waits) has a
// bound whatever arrives.

/** Processing time assumed before the first photo is done (a camera photo on a shared core). */
const FIRST_PACE_MS = 2_000;
/** Weight of the newest photo's processing time in the running average (the rest: the older ones). */
const PACE_WEIGHT = 0.3;
/** Retry-After stays within these (seconds): soon enough to feel like a pause, never a minute more. */
const RETRY_MIN_S = 1;
const RETRY_MAX_S = 60;

/** The client went away (closed the connection, timed out) before its photo was answered. */
export class UploadAbandoned extends Error {
  constructor() {
    super('The upload was abandoned by its client');
  }
}

/** One upload's place in the queue, from before its file is read until its answer is sent. */
export type UploadPlace = {
  /**
   * Runs `work` (processing the photo) when one of the `parallel` turns is free, first come first
   * served. Rejects with UploadAbandoned when `signal` aborts before its turn came (its place in the
   * line goes to the next).
   */
  process<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Gives the place back; again does nothing. While its work runs, the place is freed when the work ends. */
  release(): void;
};

export type UploadQueue = ReturnType<typeof createUploadQueue>;

export function createUploadQueue({ parallel, waiting }: { parallel: number; waiting: number }) {
  /** Places taken (processing, waiting for a turn, or the file still arriving). */
  let held = 0;
  /** Turns in use. */
  let processing = 0;
  const line: Array<() => void> = [];
  /** Running average of one photo's processing time (ms), for Retry-After. */
  let paceMs = FIRST_PACE_MS;
  const whenIdle: Array<() => void> = [];

  const freePlace = () => {
    held--;
    if (held === 0) for (const resolve of whenIdle.splice(0)) resolve();
  };

  function turn(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new UploadAbandoned());
    if (processing < parallel) {
      processing++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        line.splice(line.indexOf(start), 1);
        reject(new UploadAbandoned());
      };
      signal?.addEventListener('abort', leave, { once: true });
      line.push(start);
    });
  }

  function endTurn() {
    // The turn passes straight to the next in line (processing stays the same), or is freed.
    const next = line.shift();
    if (next) next();
    else processing--;
  }

  /** Seconds until a place is likely free: everything holding one, at the recent pace. */
  function retryAfterSeconds(): number {
    const seconds = Math.ceil((Math.max(held, 1) * paceMs) / parallel / 1000);
    return Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, seconds));
  }

  return {
    /** A place for one more upload, or null when all `parallel + waiting` are taken. */
    admit(): UploadPlace | null {
      if (held >= parallel + waiting) return null;
      held++;
      let released = false;
      let working = false;
      let freed = false;
      const free = () => {
        if (released && !working && !freed) {
          freed = true;
          freePlace();
        }
      };
      return {
        async process(work, signal) {
          // A place given back is no ticket to a turn: its upload's answer is gone already.
          if (released) throw new UploadAbandoned();
          await turn(signal);
          working = true;
          const started = performance.now();
          try {
            const result = await work();
            paceMs = paceMs * (1 - PACE_WEIGHT) + (performance.now() - started) * PACE_WEIGHT;
            return result;
          } finally {
            working = false;
            endTurn();
            free();
          }
        },
        release() {
          released = true;
          free();
        },
      };
    },

    /** 429 "Lots of photos are being uploaded right now…" with its Retry-After. */
    busy(): HttpError {
      const seconds = retryAfterSeconds();
      return tooManyRequests(UPLOAD_MSG.busy(waitText(seconds * 1000)), seconds);
    },

    retryAfterSeconds,

    /** Places taken, and how many of them are being processed now. */
    stats: () => ({ held, processing }),

    /** Resolves once no upload holds a place (shutdown waits for photos still being processed). */
    idle: (): Promise<void> => (held === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.push(resolve))),
  };
}
