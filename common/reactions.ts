// Spec §9: the ten reaction emoji, in picker order. Stored and sent as the emoji character itself.
export const REACTIONS = [
  { emoji: '👍', name: 'Thumbs up' },
  { emoji: '❤️', name: 'Heart' },
  { emoji: '😊', name: 'Smile' },
  { emoji: '😮', name: 'Surprised' },
  { emoji: '😢', name: 'Sad' },
  { emoji: '😠', name: 'Angry' },
  { emoji: '🎉', name: 'Party' },
  { emoji: '🚚', name: 'Truck' },
  { emoji: '📦', name: 'Package' },
  { emoji: '⚡', name: 'Lightning' },
] as const;

export type ReactionEmoji = (typeof REACTIONS)[number]['emoji'];
export const REACTION_EMOJI = REACTIONS.map((r) => r.emoji) as [ReactionEmoji, ...ReactionEmoji[]];
/** Spec §9: the top 10 by count are shown. */
export const REACTIONS_SHOWN = 10;
