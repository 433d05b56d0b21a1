// The trust model's server side (issue 28; the rules are common/rules/trust.ts): the one place every
// limit, the review queue, flags and the Pay Index ask for a member's level. Part of the core, below the
// modules: any module may import it from here.
export * from './levels.ts';
export * from './content.ts';
export * from './limits.ts';
export * from './stats.ts';
export * from './recompute.ts';
export * from './visits.ts';
export * from './service.ts';
export * from './repeated-text.ts';
export * from './watched-words.ts';
export * from './review.ts';
