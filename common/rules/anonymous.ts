import { courierNetworkName } from './courier.ts';

// Issue 32, a protected voice (ADR 0022): who may post and reply anonymously, and the label readers see
// instead of the account.

/** The trust level (ADR 0012) that opens anonymity: what no number of fresh accounts can buy. */
export const ANONYMOUS_TRUST_LEVEL = 2;

/** Why a reveal was needed: kept in the audit log, read by every admin. */
export const REVEAL_REASON_MIN = 10;
export const REVEAL_REASON_MAX = 500;

export const ANONYMOUS_MSG = {
  categoryClosed: 'Anonymous posts are not allowed in this category',
  trustTooLow: 'You can post anonymously once you reach trust level 2 (Member)',
  revealReason: `Give a reason for revealing the author (${REVEAL_REASON_MIN} to ${REVEAL_REASON_MAX} characters)`,
  notAnonymous: 'This was not written anonymously',
  noBadge: 'Only a verified courier badge can show a network: ask for one in your courier profile',
  noArea: 'Set your home area in your courier profile to show it',
  blockedAnonymous: 'This post is hidden, and its author can no longer notify or message you. They are not told.',
} as const;

/** How the blocker's list names a block made from anonymous content (never the account). */
export const ANONYMOUS_BLOCK_NAME = 'A member you blocked from an anonymous post';

/** The parts of the label its author chose to show. */
export type TAnonymousParts = { network: string | null; area: string | null };

/**
 * "A verified Evri courier in LS": the network only from a verified courier badge (a claim nobody checked
 * would let anyone speak as a network's driver), the area from the author's courier profile; else
 * "A Kerbside member". Frozen when written, so a later profile change links nothing.
 */
export function anonymousLabel({ network, area }: TAnonymousParts): string {
  const who = network ? `A verified ${courierNetworkName(network)} courier` : 'A Kerbside member';
  return area ? `${who} in ${area}` : who;
}
