// The trust model's server side (issue 28; the rules are common/rules/trust.ts): the one place every
// limit, the review queue, flags and the Pay Index ask for a member's level. Part of the core, below the
// modules: any module may import it from here.
export * from './levels.ts';
export * from './content.ts';
