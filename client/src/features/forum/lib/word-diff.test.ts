import { describe, expect, it } from 'vitest';
import { changed, wordDiff, type DiffPart } from './word-diff';

const join = (parts: DiffPart[], keep: 'before' | 'after') =>
  parts
    .filter((p) => p.op === 'same' || p.op === (keep === 'before' ? 'del' : 'ins'))
    .map((p) => p.text)
    .join('');

describe('wordDiff', () => {
  it('marks a changed word as removed and added, keeping the rest', () => {
    expect(wordDiff('Cheapest quote was 900 a year.', 'Cheapest quote was 850 a year.')).toEqual([
      { op: 'same', text: 'Cheapest quote was ' },
      { op: 'del', text: '900' },
      { op: 'ins', text: '850' },
      { op: 'same', text: ' a year.' },
    ]);
  });

  it('an insertion and a deletion in the middle', () => {
    expect(wordDiff('the depot opens at six', 'the new depot opens at seven')).toEqual([
      { op: 'same', text: 'the ' },
      { op: 'ins', text: 'new ' },
      { op: 'same', text: 'depot opens at ' },
      { op: 'del', text: 'six' },
      { op: 'ins', text: 'seven' },
    ]);
  });

  it('always joins back into both texts exactly (white space and markup included)', () => {
    const pairs: Array<[string, string]> = [
      ['', 'all new'],
      ['all gone', ''],
      ['same', 'same'],
      ['<script>alert(1)</script> hello\n\nworld', 'hello <img src=x onerror=alert(1)>\n world  again'],
      ['a b c d e f', 'f e d c b a'],
    ];
    for (const [before, after] of pairs) {
      const parts = wordDiff(before, after);
      expect(join(parts, 'before')).toBe(before);
      expect(join(parts, 'after')).toBe(after);
    }
  });

  it('says whether anything changed', () => {
    expect(changed(wordDiff('same text', 'same text'))).toBe(false);
    expect(changed(wordDiff('same text', 'same text!'))).toBe(true);
  });

  it('gives up on the word-by-word middle of two huge unrelated texts, still exactly', () => {
    const before = Array.from({ length: 2000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 2000 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(before, after);
    expect(parts.map((p) => p.op)).toEqual(['del', 'ins']);
    expect(join(parts, 'before')).toBe(before);
    expect(join(parts, 'after')).toBe(after);
  });
});
