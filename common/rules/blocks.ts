// Member blocking (issue 18; docs/API.md "Blocks"), zod-free so the client shows the same words
// (common/contracts/blocks.ts holds the schemas).

export const BLOCK_MSG = {
  self: 'You cannot block yourself.',
  memberNotFound: 'Member not found',
  userIdInvalid: 'userId must be a member id',
} as const;
