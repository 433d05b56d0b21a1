// Kept only because e2e specs (which this step may not edit) import hotScore from this path; the
// ranking lives in posts/. Delete once e2e imports `server/modules/posts/index.ts`.
export { hotScore } from '../posts/index.ts';
