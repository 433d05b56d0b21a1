import { describe, expect, it } from 'vitest';
import { professionSummary, searchSummary } from './summary';

describe('searchSummary', () => {
  it('says result or results', () => {
    expect(searchSummary(1, 'fuel card')).toBe('Found 1 result for "fuel card"');
    expect(searchSummary(5, 'fuel card')).toBe('Found 5 results for "fuel card"');
    expect(searchSummary(1234, 'van')).toBe('Found 1,234 results for "van"');
  });

  it('says none were found', () => {
    expect(searchSummary(0, 'zzz')).toBe('No results found for "zzz"');
  });
});

describe('professionSummary', () => {
  it('says post or posts, with the short profession label', () => {
    expect(professionSummary(1, 'van')).toBe('1 post from Van Delivery professionals');
    expect(professionSummary(7, 'bike')).toBe('7 posts from Bicycle Courier professionals');
    expect(professionSummary(0, 'parcel')).toBe('0 posts from Parcel Specialist professionals');
  });
});
