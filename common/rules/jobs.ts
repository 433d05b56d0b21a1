// The background jobs card's messages (docs/API.md "Admin: background jobs"), without zod (the schemas
// are in contracts/jobs.ts).

export const JOBS_MSG = {
  /** A retry of an id that is not a failed (dead) job: never was, already retried, or pruned. */
  notFound: 'No failed job with this id',
  idInvalid: 'A job id is a whole number above 0',
} as const;
