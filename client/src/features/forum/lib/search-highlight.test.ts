import { describe, expect, it } from 'vitest';
import { matchPrefixes, splitMatches } from './search-highlight';

describe('matchPrefixes', () => {
  it('splits a search into words as the server does, less common endings', () => {
    expect(matchPrefixes('Drivers  parking, ULEZ!')).toEqual(['driver', 'park', 'ulez']);
    expect(matchPrefixes('deliveries')).toEqual(['deliver']);
    expect(matchPrefixes('vans')).toEqual(['van']);
    expect(matchPrefixes('gas')).toEqual(['gas']); // a root under 3 letters would mark too much: the word itself
    expect(matchPrefixes('"a" & (b)')).toEqual(['a', 'b']);
  });
});

describe('splitMatches', () => {
  const marked = (text: string, q: string) =>
    splitMatches(text, matchPrefixes(q))
      .filter((p) => p.match)
      .map((p) => p.text);

  it('marks whole words that start with a search word, in any case', () => {
    expect(marked('ULEZ charges for delivery drivers', 'ulez driver')).toEqual(['ULEZ', 'drivers']);
    expect(marked('A driver delivered the parcel', 'deliveries')).toEqual(['delivered']);
    expect(marked('Parking near the depot', 'parked')).toEqual(['Parking']);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'Fuel, tolls & the M25 — drivers’ costs';
    expect(splitMatches(text, matchPrefixes('m25 fuel')).map((p) => p.text).join('')).toBe(text);
  });

  it('leaves the text whole when nothing matches or there is no search', () => {
    expect(splitMatches('Route tips', [])).toEqual([{ text: 'Route tips', match: false }]);
    expect(splitMatches('Route tips', ['zzz'])).toEqual([{ text: 'Route tips', match: false }]);
  });
});
