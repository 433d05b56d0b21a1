import { describe, expect, it } from 'vitest';
import { CENSOR_MARK, WATCHED_MSG } from '../../common/rules/review.ts';
import { HttpError } from '../http-errors.ts';
import { compileWords, foldText, phraseProblem, screenTexts, screenUsername, type WatchedWord } from './watched-words.ts';

const words = (...list: Array<[string, WatchedWord['action']]>) => compileWords(list.map(([phrase, action]) => ({ phrase, action })));
const blocks = (phrase: string, text: string) => words([phrase, 'block']).scan(text).block;

describe('watched words: the matcher', () => {
  it('matches case-insensitively and whole words only', () => {
    expect(blocks('spam', 'Buy SPAM today')?.found).toBe('SPAM');
    expect(blocks('spam', 'spam')?.phrase).toBe('spam');
    expect(blocks('spam', 'spammer and antispam')).toBeNull();
    expect(blocks('spam', 'no-spam.')?.found).toBe('spam');
    expect(blocks('cheap', 'the cheapest rate')).toBeNull();
  });

  it('wildcards reach into a word only where they stand', () => {
    expect(blocks('cheap*', 'the cheapest rate')?.found).toBe('cheapest');
    expect(blocks('cheap*', 'cheap')?.found).toBe('cheap');
    expect(blocks('*spam', 'megaspam here')?.found).toBe('megaspam');
    expect(blocks('*spam', 'spammy')).toBeNull();
    expect(blocks('f*k', 'the fork')?.found).toBe('fork');
    expect(blocks('f*k', 'forks')).toBeNull();
    expect(blocks('fr*k', 'what the frick')?.found).toBe('frick');
    // A wildcard stays inside one word.
    expect(blocks('buy*now', 'buy it now')).toBeNull();
  });

  it('a phrase of several words matches across spaces and punctuation between them', () => {
    expect(blocks('buy now', 'Please BUY   now!')?.found).toBe('BUY   now');
    expect(blocks('buy now', 'buy-now')?.found).toBe('buy-now');
    expect(blocks('buy now', 'buy nowhere')).toBeNull();
  });

  it('folds Unicode: NFKC full-width letters, accents and ligatures', () => {
    expect(blocks('spam', 'ＳＰＡＭ')?.found).toBe('ＳＰＡＭ');
    expect(blocks('cafe', 'the café')?.found).toBe('café');
    expect(blocks('cafe', 'the cafe\u0301 too')?.found).toBe('cafe\u0301');
    expect(blocks('fish', 'ﬁsh')?.found).toBe('ﬁsh');
  });

  it('folds lookalike letters of Cyrillic and Greek', () => {
    // а е о р с х і in Cyrillic; ο and ν in Greek.
    expect(blocks('poker', 'р\u043eker')?.found).toBe('р\u043eker');
    expect(blocks('casino', '\u0441\u0430s\u0456n\u043e')?.found).toBe('\u0441\u0430s\u0456n\u043e');
    expect(blocks('sex', 's\u0435\u0445')).not.toBeNull();
    expect(blocks('love', 'l\u03bf\u03bde')).not.toBeNull();
  });

  it('folds l33t digits and signs, and still sees @name as a whole word', () => {
    expect(blocks('spam', 'sp4m')?.found).toBe('sp4m');
    expect(blocks('spam', '5p@m')?.found).toBe('5p@m');
    expect(blocks('idiot', '1d10t')?.found).toBe('1d10t');
    expect(blocks('kill', 'k1ll')?.found).toBe('k1ll');
    expect(blocks('kill', 'ki11')?.found).toBe('ki11');
    expect(blocks('best', 'b3$7')?.found).toBe('b3$7');
    expect(blocks('shit', 'sh!t')?.found).toBe('sh!t');
    expect(blocks('spammer', 'hello @spammer')?.found).toBe('spammer');
    expect(blocks('spam', 'so much spam!')?.found).toBe('spam');
    expect(blocks('spam*', 'so much spammm!!')?.found).toBe('spammm');
    expect(blocks('shit', '$hit')?.found).toBe('$hit');
    // A number stays a number: 24/7 watched matches 24/7 written.
    expect(blocks('24/7', 'open 24/7 now')?.found).toBe('24/7');
  });

  it('takes nothing from a phrase as a regular expression: every sign is itself', () => {
    for (const [phrase, inert] of [
      ['a.c', 'abc'],
      ['a+', 'aaa'],
      ['(x|y)', 'y'],
      ['[abc]', 'b'],
      ['^hi$', 'hi'],
      ['x{2}', 'xx'],
      ['a\\d', 'a1'],
      ['.?', 'q'],
    ] as const) {
      expect(blocks(phrase, inert), `${phrase} ⟂ ${inert}`).toBeNull();
    }
    expect(blocks('a.c', 'say a.c now')?.found).toBe('a.c');
    expect(blocks('(x|y)', 'the (x|y) thing')?.found).toBe('(x|y)');
    expect(blocks('c++', 'I write c++ daily')?.found).toBe('c++');
  });

  it('refuses phrases with nothing to match besides wildcards, or on two lines', () => {
    expect(phraseProblem('*')).toBe(WATCHED_MSG.phraseLetters);
    expect(phraseProblem('* *')).toBe(WATCHED_MSG.phraseLetters);
    expect(phraseProblem('!!')).toBe(WATCHED_MSG.phraseLetters);
    expect(phraseProblem('two\nlines')).toBe(WATCHED_MSG.phraseLine);
    expect(phraseProblem('ok*')).toBeNull();
  });

  it('censors every censored word where it was written, as ■■■, and longer phrases first', () => {
    const m = words(['darn', 'censor'], ['heck*', 'censor'], ['heck off', 'censor']);
    expect(m.scan('Darn it, DARN! what the heckity heck off').censored).toBe(`${CENSOR_MARK} it, ${CENSOR_MARK}! what the ${CENSOR_MARK} ${CENSOR_MARK}`);
    expect(m.scan('d4rn').censored).toBe(CENSOR_MARK);
    expect(m.scan('ｄａｒｎ with ｄａｒｎ').censored).toBe(`${CENSOR_MARK} with ${CENSOR_MARK}`);
    expect(m.scan('nothing here').censored).toBe('nothing here');
    // Text around keeps its astral characters intact.
    expect(m.scan('🚚 darn 🚚').censored).toBe(`🚚 ${CENSOR_MARK} 🚚`);
  });

  it('says which phrase of an action matched, and the first of each action', () => {
    const m = words(['viagra', 'block'], ['crypto*', 'require_approval'], ['loan', 'flag'], ['darn', 'censor']);
    expect(m.scan('cheap v1agra').block).toEqual({ phrase: 'viagra', found: 'v1agra' });
    const s = m.scan('Cryptocoins and a loan, darn');
    expect(s.block).toBeNull();
    expect(s.approval).toEqual({ phrase: 'crypto*', found: 'Cryptocoins' });
    expect(s.flag).toEqual({ phrase: 'loan', found: 'loan' });
    expect(s.censored).toBe(`Cryptocoins and a loan, ${CENSOR_MARK}`);
    expect(compileWords([]).empty).toBe(true);
  });

  it('screens a write: a block word is a 400 naming the words as written, under the field', () => {
    const m = words(['viagra', 'block'], ['darn', 'censor']);
    let err: unknown;
    try {
      screenTexts(m, { title: 'Hello', content: 'buy VIAGRA' }, { title: 'title', content: 'post' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HttpError);
    const msg = WATCHED_MSG.blocked('post', 'VIAGRA');
    expect(msg).toBe("Your post contains a word that isn't allowed here: “VIAGRA”. Please remove it.");
    expect((err as HttpError).message).toBe(msg);
    expect((err as HttpError).body).toEqual({ errors: { content: msg } });
    expect(screenTexts(m, { title: 'darn', content: 'ok' }, { title: 'title', content: 'post' }).texts).toEqual({ title: CENSOR_MARK, content: 'ok' });
  });

  it('a username with a block, censor or require-approval word is refused; a flag word lets it through', () => {
    const m = words(['spam', 'block'], ['darn', 'censor'], ['crypto', 'require_approval'], ['van', 'flag']);
    for (const [name, found] of [['Sp4m_King', 'Sp4m'], ['darn_it', 'darn'], ['crypto_bro', 'crypto']] as const) {
      expect(() => screenUsername(m, name), name).toThrow(WATCHED_MSG.blocked('username', found));
    }
    expect(screenUsername(m, 'van_man')).toEqual({ phrase: 'van', found: 'van' });
    expect(screenUsername(m, 'caravan_man')).toBeNull();
  });

  it('maps each folded character back to the text it came from', () => {
    const f = foldText('Ａé🚚x');
    expect(f.folded).toBe('ae🚚x');
    expect([...f.from!.slice(0, 5)]).toEqual([0, 1, 2, 2, 4]);
  });
});
