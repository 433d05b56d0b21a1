import { CLOCK_TIME_AFTER_MS, TRUST_MSG, whenAgain, type TrustLevel } from '../../common/rules/trust.ts';
import { UPLOAD_LIMITS } from '../../common/rules/uploads.ts';
import { badRequest, tooManyRequests, type HttpError } from '../http-errors.ts';
import { countLinks, countMentions, countPhotos } from './content.ts';
import { allowance } from './levels.ts';

// The limits by trust level (issue 28, common/rules/trust.ts TRUST_LIMITS): what one post, comment or
// message may carry, and how a daily limit answers. Every module asks here, so a level means the same
// everywhere.

/**
 * 400 with the trust message when a post's or comment's text carries more links, photos or
 * @mentions than the author's level allows (the field error names `field`, so the form shows it under
 * the box). A chat message is held to mentions only (`mentionsOnly`): it shows no links or markdown photos.
 */
export function assertTextAllowed(level: TrustLevel, text: string, opts: { field?: string; mentionsOnly?: boolean } = {}) {
  const refuse = (message: string) => {
    throw badRequest(message, opts.field ? { [opts.field]: message } : undefined);
  };
  if (!opts.mentionsOnly) {
    const links = allowance(level, 'linksPerItem');
    if (countLinks(text) > links) refuse(TRUST_MSG.tooManyLinks(links));
    // At the forum's own cap for everyone (UPLOAD_LIMITS.perContent) the level adds nothing: that cap's
    // own message says it (server/modules/posts/photos.ts).
    const photos = allowance(level, 'photosPerItem');
    if (photos < UPLOAD_LIMITS.perContent && countPhotos(text) > photos) refuse(TRUST_MSG.tooManyPhotos(photos));
  }
  const mentions = allowance(level, 'mentionsPerItem');
  if (countMentions(text) > mentions) refuse(TRUST_MSG.tooManyMentions(mentions));
}

/**
 * When the member may act again under a limit of `max` actions per `windowMs`, from the times of
 * their actions inside the window (any order): when enough of them have aged out of it. Null while
 * under the limit.
 */
export function freeAgainAt(times: Date[], max: number, windowMs: number): Date | null {
  if (times.length < max) return null;
  const newestFirst = times.map((t) => t.getTime()).sort((a, b) => b - a);
  return new Date(newestFirst[max - 1]! + windowMs);
}

/**
 * The 429 of a limit that frees at `freeAt`: a wait over CLOCK_TIME_AFTER_MS is said in clock time
 * ("You can post again tomorrow at 09:12."), a short burst's in seconds or minutes; Retry-After either way.
 */
export function limitRefusal(freeAt: Date, now: Date, texts: { again: (when: string) => string; tooFast: (waitMs: number) => string }): HttpError {
  const waitMs = Math.max(1000, freeAt.getTime() - now.getTime());
  const message = waitMs > CLOCK_TIME_AFTER_MS ? texts.again(whenAgain(freeAt, now)) : texts.tooFast(waitMs);
  return tooManyRequests(message, waitMs / 1000);
}
