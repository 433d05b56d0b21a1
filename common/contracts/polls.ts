import { z } from 'zod';
import { POLL_MSG, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_RESULTS, POLL_RESULTS_DEFAULT } from '../rules/polls.ts';

// Polls (issue 33 part 1; ADR 0023; docs/API.md "Polls"): a post's one poll as written and as read, and a
// vote. Their endpoints are the posts' (common/contracts/forum.ts).

/** A poll as a post's create request carries it. The closing time is checked against now by the server. */
export const ZPollRequest = z.object(
  {
    options: z
      .array(z.string({ error: POLL_MSG.optionEmpty }).trim().min(1, POLL_MSG.optionEmpty).max(POLL_OPTION_MAX, POLL_MSG.optionMax), { error: POLL_MSG.optionsMin })
      .min(POLL_OPTIONS_MIN, POLL_MSG.optionsMin)
      .max(POLL_OPTIONS_MAX, POLL_MSG.optionsMax)
      .refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, POLL_MSG.optionsRepeated),
    multiple: z.boolean({ error: POLL_MSG.multiple }).default(false),
    results: z.enum(POLL_RESULTS, { error: POLL_MSG.results }).default(POLL_RESULTS_DEFAULT),
    /** ISO 8601; absent or null: open until its author or a moderator closes it. */
    closesAt: z.iso.datetime({ offset: true, error: POLL_MSG.closesAt }).nullish(),
  },
  { error: 'poll must be an object' },
);
export type TPollRequest = z.infer<typeof ZPollRequest>;

/**
 * A poll as a reader sees it. Counts (`votes`, `voters`) are null while the reader may not see them (the
 * author's choice of `results`); no voter is ever named. `myVotes` is the signed-in reader's own choice.
 */
export const ZPoll = z.object({
  options: z.array(z.object({ id: z.number(), text: z.string(), votes: z.number().nullable() })),
  multiple: z.boolean(),
  results: z.enum(POLL_RESULTS),
  closesAt: z.string().nullable(),
  closed: z.boolean(),
  /** How many members voted; null while the counts are hidden from this reader. */
  voters: z.number().nullable(),
  /** The reader's own votes (option ids); absent for guests. */
  myVotes: z.array(z.number()).optional(),
  /** The reader may vote now (signed in, verified, trusted enough, the poll open). */
  canVote: z.boolean(),
  /** The reader may close it (its author or a moderator, while open). */
  canClose: z.boolean(),
});
export type TPoll = z.infer<typeof ZPoll>;

/** PUT …/poll/vote: the reader's whole choice (an empty list withdraws their vote). */
export const ZPollVoteRequest = z.object({
  optionIds: z
    .array(z.number({ error: POLL_MSG.chooseFromPoll }).int(POLL_MSG.chooseFromPoll).positive(POLL_MSG.chooseFromPoll).max(2_147_483_647, POLL_MSG.chooseFromPoll), { error: POLL_MSG.chooseFromPoll })
    .max(POLL_OPTIONS_MAX, POLL_MSG.chooseFromPoll)
    .refine((ids) => new Set(ids).size === ids.length, POLL_MSG.chooseFromPoll),
});
export type TPollVoteRequest = z.infer<typeof ZPollVoteRequest>;
