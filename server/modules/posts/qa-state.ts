import { sql, type SQL } from 'drizzle-orm';
import { categories, posts } from '../../db/schema/index.ts';

// posts.qa_state (issue 33; server/db/schema/forum.ts): null outside a Q&A category, else 1 with an
// accepted answer and 0 without. The Answers filter reads it from two small indexes of the Q&A posts, so
// every write that changes a post's category, its answer or a category's Q&A switch sets it here.

/** The state of a post being updated into category `categoryId` (its accepted answer as it stands). */
export const qaStateIn = (categoryId: number): SQL =>
  sql`(select case when ${categories.isQa} then (case when ${posts.acceptedCommentId} is null then 0 else 1 end) end from ${categories} where ${categories.id} = ${categoryId})`;

/** The state of every post of a category whose Q&A switch is now `isQa`. */
export const qaStateOfCategory = (isQa: boolean): SQL =>
  sql`case when ${isQa} then (case when ${posts.acceptedCommentId} is null then 0 else 1 end) end`;

/** The state of a post whose accepted answer was just removed: unsolved, if it is a question at all. */
export const qaStateUnsolved: SQL = sql`case when ${posts.qaState} is null then null else 0 end`;
