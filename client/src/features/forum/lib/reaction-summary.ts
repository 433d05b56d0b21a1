import { REACTIONS, REACTIONS_SHOWN } from '@common/reactions';

// Spec §3 Reaction summary: a map emoji → {count}. Spec §9: the top 10 by count are shown.

export type ReactionSummary = Record<string, { count: number }>;
export type ReactionChip = { emoji: string; name: string; count: number; mine: boolean };

const pickerOrder = new Map<string, number>(REACTIONS.map((r, i) => [r.emoji, i]));
const names = new Map<string, string>(REACTIONS.map((r) => [r.emoji, r.name]));

export const reactionName = (emoji: string): string => names.get(emoji) ?? emoji;

/**
 * The chips to draw: emoji with a count above 0, most used first, ties in picker order (then
 * unknown emoji last, by code point), at most `limit`. The member's own reactions are marked.
 */
export function topReactions(
  summary: ReactionSummary | null | undefined,
  mine: readonly string[] = [],
  limit: number = REACTIONS_SHOWN,
): ReactionChip[] {
  const own = new Set(mine);
  const rank = (emoji: string) => pickerOrder.get(emoji) ?? Number.MAX_SAFE_INTEGER;
  return Object.entries(summary ?? {})
    .filter(([, v]) => v && Number.isFinite(v.count) && v.count > 0)
    .map(([emoji, v]) => ({ emoji, name: reactionName(emoji), count: v.count, mine: own.has(emoji) }))
    .sort((a, b) => b.count - a.count || rank(a.emoji) - rank(b.emoji) || (a.emoji < b.emoji ? -1 : a.emoji > b.emoji ? 1 : 0))
    .slice(0, Math.max(0, limit));
}

/**
 * The summary and own list after toggling `emoji` (what the server will answer): used to show the
 * change at once, before the server confirms. Counts never go below 0.
 */
export function toggleReaction(
  summary: ReactionSummary | null | undefined,
  mine: readonly string[],
  emoji: string,
): { reactions: ReactionSummary; userReactions: string[]; added: boolean } {
  const reactions: ReactionSummary = { ...(summary ?? {}) };
  const had = mine.includes(emoji);
  const count = Math.max(0, (reactions[emoji]?.count ?? 0) + (had ? -1 : 1));
  if (count > 0) reactions[emoji] = { count };
  else delete reactions[emoji];
  return { reactions, userReactions: had ? mine.filter((e) => e !== emoji) : [...mine, emoji], added: !had };
}
