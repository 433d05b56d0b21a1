// Edit history (issue 28 item 7; docs/API.md "Edit history"): every edit of a post or comment keeps
// the text it replaced, and "edited" opens the versions for everyone, as Discourse does. Zod-free, so
// the client's history dialog reads the same numbers and words.

/** Versions one history answer lists (the current one included), newest first; older ones are counted, not sent. */
export const REVISIONS_SHOWN = 50;

export const REVISION_MSG = {
  title: 'Edit history',
  /** A removed post's or comment's history, as moderators see it. */
  removed: 'Removed from the site: only moderators see this.',
  hidden: 'Hidden while moderators review it: only moderators see this.',
  original: 'Original',
  current: 'Current version',
  noChanges: 'No change to the text',
  olderLeftOut: (n: number) => `${n} older version${n === 1 ? '' : 's'} not shown`,
} as const;
