/**
 * "Popular" order: Reddit's hot ranking, made time-independent so it can be stored in posts.hot_score
 * and read from an index instead of being computed per request.
 *
 *   s     = upvotes − downvotes + commentCount / 2
 *   hot   = sign(s) · log10(max(|s|, 1)) + createdAtSeconds / 45000
 *
 * createdAtSeconds is Unix time in seconds. The log makes the first 10 points count as much as the next
 * 90; the time term means a post needs 10× the score to outrank one posted 12.5 hours (45000 s) later,
 * so fresh posts rise without the stored value ever having to decay. Recompute it whenever a vote or a
 * comment changes the counters (same transaction).
 */
export function hotScore(upvotes: number, downvotes: number, commentCount: number, createdAt: Date): number {
  const s = upvotes - downvotes + commentCount / 2;
  const order = Math.log10(Math.max(Math.abs(s), 1));
  return Math.sign(s) * order + createdAt.getTime() / 1000 / 45000;
}
