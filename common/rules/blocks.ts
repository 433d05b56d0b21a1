// Member blocking (issue 18; docs/API.md "Blocks"), zod-free so the client shows the same words
// (common/contracts/blocks.ts holds the schemas).

export const BLOCK_MSG = {
  self: 'You cannot block yourself.',
  memberNotFound: 'Member not found',
  userIdInvalid: 'userId must be a member id',
  /** Issue 32: blocking from anonymous content that is gone or was not anonymous. */
  contentNotFound: 'Post or reply not found',
} as const;
