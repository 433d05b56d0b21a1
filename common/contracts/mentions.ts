import { z } from 'zod';
import { MENTION_MSG, MENTION_QUERY_MAX, MENTION_QUERY_PATTERN } from '../rules/mentions.ts';
import { endpoint } from './endpoint.ts';

// @mention suggestions for the composers' autocomplete (issue 18; docs/API.md "Mention suggestions").
// Limits and messages: common/rules/mentions.ts.

/** q: what follows '@', trimmed; 1–30 letters, digits or underscores. */
export const ZMentionSuggestionsQuery = z.object({
  q: z
    .string({ error: MENTION_MSG.queryRequired })
    .trim()
    .min(1, MENTION_MSG.queryRequired)
    .max(MENTION_QUERY_MAX, MENTION_MSG.queryTooLong)
    .regex(MENTION_QUERY_PATTERN, MENTION_MSG.queryInvalid),
});
export type TMentionSuggestionsQuery = z.infer<typeof ZMentionSuggestionsQuery>;

export const ZMentionSuggestion = z.object({ id: z.number(), username: z.string(), avatar: z.string() });
export type TMentionSuggestion = z.infer<typeof ZMentionSuggestion>;

/** Names starting with q first, then names containing it; each group by name; at most MENTION_SUGGESTIONS_MAX. */
export const ZMentionSuggestions = z.object({ members: z.array(ZMentionSuggestion) });
export type TMentionSuggestions = z.infer<typeof ZMentionSuggestions>;

/**
 * Members a verified member may mention: verified, not deleted, not suspended, neither the asker nor
 * anyone the asker blocked. Guest 401, unverified 403, too many calls 429.
 */
export const getMentionSuggestions = endpoint({
  method: 'GET',
  path: '/api/members/mention-suggestions',
  query: ZMentionSuggestionsQuery,
  responses: { 200: ZMentionSuggestions },
  errors: [400, 401, 403, 429],
});
