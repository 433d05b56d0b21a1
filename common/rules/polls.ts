// Polls (issue 33 part 1; ADR 0023): one per post, 2–10 options, single or multiple choice, an optional
// closing time, results shown as its author chose; voters' names are never shown, only counts.

export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPTION_MAX = 80;
/** How long a poll may stay open, at most; and the soonest it may close. */
export const POLL_OPEN_DAYS_MAX = 90;
export const POLL_OPEN_MINUTES_MIN = 60;

/** When readers see the counts: always; once they voted (everyone once it closes); only once it closes. */
export const POLL_RESULTS = ['always', 'after_vote', 'after_close'] as const;
export type TPollResults = (typeof POLL_RESULTS)[number];
export const POLL_RESULTS_DEFAULT: TPollResults = 'after_vote';
export const POLL_RESULTS_LABELS: Record<TPollResults, string> = {
  always: 'Always, to everyone',
  after_vote: 'After voting (everyone once it closes)',
  after_close: 'Only once it closes',
};

// Who may vote, and how often: TRUST_LIMITS.pollVotesPerDay (common/rules/trust.ts): none at level 0.

export const POLL_MSG = {
  optionsMin: `A poll needs at least ${POLL_OPTIONS_MIN} options`,
  optionsMax: `A poll can have at most ${POLL_OPTIONS_MAX} options`,
  optionEmpty: 'Poll options cannot be empty',
  optionMax: `Poll options must be at most ${POLL_OPTION_MAX} characters`,
  optionsRepeated: 'Each poll option must be different',
  closesAt: `Choose a closing time between an hour and ${POLL_OPEN_DAYS_MAX} days from now`,
  results: 'Choose when the results show',
  multiple: 'multiple must be true or false',
  noPoll: 'This post has no poll',
  closed: 'This poll has closed',
  chooseOne: 'Choose one option',
  chooseFromPoll: 'Choose from the poll’s options',
  newAccount: 'Voting in polls opens once your account reaches the Basic trust level',
  voteAgain: (when: string) => `You can vote again ${when}.`,
  voteTooFast: (waitMs: number) => {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    return `You are voting too quickly. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before voting again.`;
  },
  closeOwn: 'Only the poll’s author or a moderator can close it',
} as const;
