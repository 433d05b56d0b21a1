import { describe, expect, it } from 'vitest';
import { earnedLevel, effectiveLevel, nextLevelNeeds, TRUST_LIMITS, TRUST_REQUIREMENTS, trustAllowances, whenAgain, type TrustStats } from './trust.ts';

const none: TrustStats = { daysSinceVerified: 0, daysVisited: 0, postsRead: 0, written: 0, received: 0, upheldFlags: 0, rejectedFlags: 0 };
/** Exactly what a level's requirements (and every lower one's) ask for. */
const enoughFor = (level: 1 | 2 | 3): TrustStats => {
  const stats = { ...none };
  for (const l of [1, 2, 3] as const) {
    if (l > level) break;
    for (const r of TRUST_REQUIREMENTS[l]) if (r.min !== undefined) stats[r.key] = Math.max(stats[r.key], r.min);
  }
  return stats;
};

describe('earnedLevel', () => {
  it('a fresh account is level 0', () => {
    expect(earnedLevel(none)).toBe(0);
  });

  it.each([1, 2, 3] as const)('exactly what level %i asks for earns it', (level) => {
    expect(earnedLevel(enoughFor(level))).toBe(level);
  });

  it('one requirement short keeps the level below', () => {
    expect(earnedLevel({ ...enoughFor(1), postsRead: 9 })).toBe(0);
    expect(earnedLevel({ ...enoughFor(2), daysVisited: 6 })).toBe(1);
    expect(earnedLevel({ ...enoughFor(3), received: 24 })).toBe(2);
    // Time alone is not enough: a year-old account that never read or wrote stays new.
    expect(earnedLevel({ ...none, daysSinceVerified: 365 })).toBe(0);
  });

  it('a level is reached only through every level below it', () => {
    // Everything level 3 asks for except being a day past verification: still level 0.
    expect(earnedLevel({ ...enoughFor(3), daysSinceVerified: 0 })).toBe(0);
  });

  it('upheld flags take levels away: one keeps level 1, two drop to 0', () => {
    const regular = { ...enoughFor(3), daysSinceVerified: 400, daysVisited: 200, postsRead: 5000, written: 300, received: 900 };
    expect(earnedLevel(regular)).toBe(3);
    expect(earnedLevel({ ...regular, upheldFlags: 1 })).toBe(1);
    expect(earnedLevel({ ...regular, upheldFlags: 2 })).toBe(0);
  });

  it('rejected flags count against the flagger', () => {
    const regular = enoughFor(3);
    expect(earnedLevel({ ...regular, rejectedFlags: 3 })).toBe(3);
    expect(earnedLevel({ ...regular, rejectedFlags: 4 })).toBe(1);
    expect(earnedLevel({ ...regular, rejectedFlags: 6 })).toBe(0);
  });
});

describe('nextLevelNeeds', () => {
  it('lists the next level’s requirements with what the member has and whether each is met', () => {
    const stats = { ...none, daysSinceVerified: 3, daysVisited: 1, postsRead: 12 };
    expect(nextLevelNeeds(0, stats)).toEqual([
      { label: 'a day since you verified your email', have: 3, met: true },
      { label: 'visits on 2 different days', have: 1, met: false },
      { label: '10 posts read', have: 12, met: true },
      { label: 'no more than 1 upheld report against you', have: 0, met: true },
      { label: 'no more than 5 of your reports rejected', have: 0, met: true },
    ]);
  });

  it('is empty at the top level', () => {
    expect(nextLevelNeeds(3, enoughFor(3))).toEqual([]);
  });
});

describe('effectiveLevel', () => {
  it('an admin’s pin wins over the computed level, either way', () => {
    expect(effectiveLevel({ trustLevel: 1, trustLevelPinned: null })).toBe(1);
    expect(effectiveLevel({ trustLevel: 1, trustLevelPinned: 3 })).toBe(3);
    expect(effectiveLevel({ trustLevel: 3, trustLevelPinned: 0 })).toBe(0);
  });
});

describe('TRUST_LIMITS', () => {
  it('every allowance grows (or stays) with the level', () => {
    for (const [name, byLevel] of Object.entries(TRUST_LIMITS)) {
      expect([byLevel[0] <= byLevel[1], byLevel[1] <= byLevel[2], byLevel[2] <= byLevel[3]], name).toEqual([true, true, true]);
    }
  });

  it('trustAllowances says what a level allows, in words', () => {
    expect(trustAllowances(0)).toEqual([
      'Up to 3 posts and 20 comments a day',
      'Up to 1 link and 1 photo in a post or comment',
      'Mention up to 2 members at once',
      'Start up to 3 new conversations a day',
      'Local alerts open at the Basic level',
      'Voting in polls opens at the Basic level',
      'Your first posts and comments may wait for a moderator before everyone sees them',
    ]);
    expect(trustAllowances(2)).toContain('Up to 30 posts and 200 comments a day');
    expect(trustAllowances(2)).toContain('Send up to 5 local alerts a day');
    expect(trustAllowances(2)).toContain('Cast up to 200 poll votes a day');
    expect(trustAllowances(2)).toContain('Your reports count towards hiding a post or comment until a moderator looks at it');
  });
});

describe('whenAgain', () => {
  // 2026-11-24 is in winter (GMT): London's clock reads UTC.
  const now = new Date('2026-11-24T13:30:00Z');

  it('later today: the time on London clocks', () => {
    expect(whenAgain(new Date('2026-11-24T14:05:00Z'), now)).toBe('at 14:05');
  });

  it('rounds up to the minute, so trying again at the time said always works', () => {
    expect(whenAgain(new Date('2026-11-24T14:04:01Z'), now)).toBe('at 14:05');
  });

  it('tomorrow, and further off', () => {
    expect(whenAgain(new Date('2026-11-25T09:12:00Z'), now)).toBe('tomorrow at 09:12');
    expect(whenAgain(new Date('2026-12-01T09:12:00Z'), now)).toBe('on Tue 1 Dec at 09:12');
  });

  it('summer time: the London clock, not UTC', () => {
    const summer = new Date('2026-07-01T10:00:00Z');
    expect(whenAgain(new Date('2026-07-01T13:05:00Z'), summer)).toBe('at 14:05');
    // 23:30 UTC is already tomorrow in London.
    expect(whenAgain(new Date('2026-07-01T23:30:00Z'), summer)).toBe('tomorrow at 00:30');
  });
});
