import { asc } from 'drizzle-orm';
import { CENSOR_MARK, WATCHED_MSG, type WatchedAction, type WatchedField } from '../../common/rules/review.ts';
import type { Core } from '../core.ts';
import type { Db, Tx } from '../db/client.ts';
import { reports, watchedWords } from '../db/schema/index.ts';
import { HttpError } from '../http-errors.ts';

// Watched words (issue 28, item 4): admins' phrases with `*` wildcards, each with an action, matched
// against what members write. Every phrase is compiled once into one regular expression per action
// (never a regular expression from an admin: everything but `*` is escaped), kept in memory and built
// again in every process when the list changes ('watched_words.changed').
//
// Matching folds the text one code point at a time: NFKD with the accents dropped (full-width
// letters, ligatures, é → e), lower case, and lookalike letters of other scripts (Cyrillic and Greek
// а е о р с х і …) as the Latin letter they imitate; a phrase is folded the same way. l33t is then on
// the phrase's side: each letter a digit or sign is written for matches it too (a: a 4 @, e: e 3,
// i: i 1 ! |, l: l 1 |, o: o 0, s: s 5 $, t: t 7), so "k1ll" and "ki11" are "kill", while a sign that
// is not inside the word stays punctuation ("spam!", "@spammer" are the words "spam", "spammer"). A
// phrase matches whole words only (not inside a longer word) unless a `*` says otherwise: `cheap*`
// matches "cheapest", `*spam` "megaspam". Each folded character remembers the span of the original
// text it came from, so a censored word is replaced where the writer wrote it.

/** Lookalike letters of other scripts, as the Latin letter they imitate (after lower-casing). */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l', һ: 'h', ь: 'b', п: 'n', г: 'r',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', ς: 's',
  // Latin letters that look like others
  ı: 'i', ɡ: 'g', ſ: 's', ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ß: 'ss', æ: 'ae', œ: 'oe',
};

/** l33t: what may stand for each letter of a phrase ("1" for both i and l). */
const LEET: Record<string, string> = { a: 'a4@', e: 'e3', i: 'i1!|', l: 'l1|', o: 'o0', s: 's5$', t: 't7' };

const COMBINING = /\p{M}/gu;
const MARK_AT = /^\p{M}/u;
/** Any code unit past ASCII (a surrogate too). */
const NON_ASCII = /[\u0080-\uffff]/;

function foldCodePoint(ch: string): string {
  const s = ch.normalize('NFKD').replace(COMBINING, '').toLowerCase();
  // Lookalikes after decomposition (a Cyrillic й is и and a mark: the base letter is what is looked up).
  return s.length > 1 || s.charCodeAt(0) > 127 ? [...s].map((c) => LOOKALIKES[c] ?? c).join('') : s;
}

/** Folds of non-ASCII code points already made (per matcher service, bounded). */
export type FoldCache = Map<string, string>;
const FOLD_CACHE_MAX = 20_000;

function foldOne(ch: string, cache: FoldCache | undefined): string {
  const hit = cache?.get(ch);
  if (hit !== undefined) return hit;
  const folded = foldCodePoint(ch);
  if (cache && cache.size < FOLD_CACHE_MAX) cache.set(ch, folded);
  return folded;
}

/**
 * The folded text, and for each folded code unit the original span it came from ([from[i], to[i])
 * in code units); null for ASCII text, whose fold is its lower case, character for character.
 */
export type Folded = { folded: string; from: Int32Array | null; to: Int32Array | null };

const startOf = (f: Folded, i: number) => (f.from ? f.from[i] : i);
const endOf = (f: Folded, i: number) => (f.to ? f.to[i] : i + 1);

/** The text folded for matching. Combining marks fold to nothing; a ligature to several letters. */
export function foldText(text: string, cache?: FoldCache): Folded {
  if (!NON_ASCII.test(text)) return { folded: text.toLowerCase(), from: null, to: null };
  // NFKD makes at most a few letters of one code point (ﷺ is the longest: 18); the arrays grow if needed.
  let from = new Int32Array(text.length + 16);
  let to = new Int32Array(text.length + 16);
  const parts: string[] = [];
  let n = 0;
  const nonAscii = /[\u0080-\uffff]/g;
  for (let i = 0; i < text.length; ) {
    // A run of ASCII at once: its lower case, character for character.
    nonAscii.lastIndex = i;
    const next = nonAscii.exec(text)?.index ?? text.length;
    if (next > i) {
      parts.push(text.slice(i, next).toLowerCase());
      if (n + next - i > from.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(Math.max(a.length * 2, n + next - i));
          b.set(a);
          return b;
        };
        from = grow(from);
        to = grow(to);
      }
      for (; i < next; i++, n++) {
        from[n] = i;
        to[n] = i + 1;
      }
      continue;
    }
    const width = text.codePointAt(i)! > 0xffff ? 2 : 1;
    const f = foldOne(text.slice(i, i + width), cache);
    if (n + f.length > from.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(Math.max(a.length * 2, n + f.length));
        b.set(a);
        return b;
      };
      from = grow(from);
      to = grow(to);
    }
    for (let k = 0; k < f.length; k++, n++) {
      from[n] = i;
      to[n] = i + width;
    }
    parts.push(f);
    i += width;
  }
  return { folded: parts.join(''), from, to };
}

const tidyPhrase = (phrase: string) => phrase.trim().replace(/\s+/g, ' ').replace(/\*+/g, '*');

const WORD_CHAR = '[\\p{L}\\p{N}]';
const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const escapeChar = (c: string) => (LEET[c] ? `[${escapeRegExp(LEET[c])}]` : /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c);

/**
 * The regular expression atoms of one phrase: its folded characters, each letter with what l33t
 * writes for it, every other character literal; `*` any run of letters and digits (inside one word),
 * and a space any run of spaces and punctuation between words.
 */
function phraseAtoms(phrase: string): string[] {
  return tidyPhrase(phrase)
    .split(/(\*| )/)
    .flatMap((part) => (part === '*' ? [`${WORD_CHAR}*`] : part === ' ' ? ['[^\\p{L}\\p{N}]+'] : [...foldText(part).folded].map(escapeChar)));
}

export const phraseSource = (phrase: string) => phraseAtoms(phrase).join('');

type TrieNode = { next: Map<string, TrieNode>; end: boolean; depth: number };

/**
 * Every phrase as one expression, shaped as a tree of their shared beginnings (`sp(?:am|ice)`), so
 * each place in a text is tried against a handful of first letters, not against every phrase. Where
 * a phrase ends its word must end; a longer phrase is tried before a shorter one it begins with.
 */
function treeSource(atomLists: string[][]): string {
  const root: TrieNode = { next: new Map(), end: false, depth: 0 };
  for (const atoms of atomLists) {
    let node = root;
    atoms.forEach((atom, i) => {
      let child = node.next.get(atom);
      if (!child) node.next.set(atom, (child = { next: new Map(), end: false, depth: 0 }));
      node.depth = Math.max(node.depth, atoms.length - i);
      node = child;
    });
    node.end = true;
  }
  const emit = (node: TrieNode): string => {
    // The branch that can go furthest first: "heck off" before "heck*" at "heck".
    const branches = [...node.next].sort((a, b) => b[1].depth - a[1].depth).map(([atom, child]) => atom + emit(child));
    if (branches.length === 0) return '';
    const body = branches.length === 1 ? branches[0] : `(?:${branches.join('|')})`;
    // A phrase ending here, or a longer one going on (tried first: the optional group is greedy).
    return node.end ? `(?:${body})?` : body;
  };
  // One end-of-word check after the tree: where the word goes on, the engine backtracks into the
  // tree for a phrase that ends where the word does.
  return `(?<!${WORD_CHAR})${emit(root)}(?!${WORD_CHAR})`;
}

/** Whether a phrase can be watched (null) or what is wrong: something to match besides wildcards, on one line. */
export function phraseProblem(phrase: string): string | null {
  if (/[\r\n\u2028\u2029]/.test(phrase)) return WATCHED_MSG.phraseLine;
  if (!/[\p{L}\p{N}]/u.test(foldText(tidyPhrase(phrase).replace(/\*/g, '')).folded)) return WATCHED_MSG.phraseLetters;
  return null;
}

export type WatchedWord = { phrase: string; action: WatchedAction };

/** A watched word found in a text: the admin's phrase, and the words as the writer wrote them. */
export type Hit = { phrase: string; found: string };

/**
 * What one text contains: the first word of each action, and the text with censored words as ■■■
 * (`censor`: the first censored word, when there is one).
 */
export type Scan = { block: Hit | null; approval: Hit | null; flag: Hit | null; censor: Hit | null; censored: string };

export interface WordMatcher {
  /** No words at all: every scan answers nothing at once. */
  readonly empty: boolean;
  scan(text: string): Scan;
}

const NOTHING = (text: string): Scan => ({ block: null, approval: null, flag: null, censor: null, censored: text });
const bounded = (source: string) => `(?<!${WORD_CHAR})(?:${source})(?!${WORD_CHAR})`;

/** One action's words: one expression of them all, and each word's own, made when first needed. */
class ActionWords {
  readonly re: RegExp;
  private readonly words: Array<{ phrase: string; source: string; re?: RegExp }>;
  constructor(list: WatchedWord[]) {
    const atoms = list.map((w) => phraseAtoms(w.phrase));
    // Longest first, so "buy now" is named over "buy" where both match at one place.
    this.words = list.map((w, i) => ({ phrase: w.phrase, source: atoms[i].join('') })).sort((a, b) => b.source.length - a.source.length);
    this.re = new RegExp(treeSource(atoms), 'gu');
  }
  /** Which phrase matched (asked only on a match, which is rare). */
  phraseOf(folded: string): string {
    for (const w of this.words) if ((w.re ??= new RegExp(`^${bounded(w.source)}$`, 'u')).test(folded)) return w.phrase;
    return this.words[0].phrase;
  }
}

/**
 * One matcher for a list of words: per action, one regular expression of every phrase, whole words
 * unless a wildcard says otherwise. A text is folded once, whatever the number of words.
 */
export function compileWords(words: readonly WatchedWord[], cache: FoldCache = new Map()): WordMatcher {
  const compiled = new Map<WatchedAction, ActionWords>();
  for (const action of ['block', 'require_approval', 'flag', 'censor'] as const) {
    const list = words.filter((w) => w.action === action && phraseProblem(w.phrase) === null);
    if (list.length > 0) compiled.set(action, new ActionWords(list));
  }
  if (compiled.size === 0) return { empty: true, scan: NOTHING };

  /** Every match, as spans of the original text. */
  function* spans(a: ActionWords, text: string, fold: Folded) {
    a.re.lastIndex = 0;
    for (const m of fold.folded.matchAll(a.re)) {
      if (m[0].length === 0) continue;
      let end = endOf(fold, m.index + m[0].length - 1);
      // Marks after the last letter fold to nothing but belong to it (an e and its accent).
      while (end < text.length && MARK_AT.test(text.slice(end, end + 2))) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
      yield { start: startOf(fold, m.index), end, folded: m[0] };
    }
  }
  const first = (action: WatchedAction, text: string, fold: Folded): Hit | null => {
    const a = compiled.get(action);
    if (!a) return null;
    for (const s of spans(a, text, fold)) return { phrase: a.phraseOf(s.folded), found: text.slice(s.start, s.end) };
    return null;
  };

  return {
    empty: false,
    scan(text) {
      if (text === '') return NOTHING(text);
      const fold = foldText(text, cache);
      const out: Scan = { block: first('block', text, fold), approval: first('require_approval', text, fold), flag: first('flag', text, fold), censor: null, censored: text };
      const censor = compiled.get('censor');
      if (!censor) return out;
      let censored = '';
      let at = 0;
      for (const s of spans(censor, text, fold)) {
        out.censor ??= { phrase: censor.phraseOf(s.folded), found: text.slice(s.start, s.end) };
        censored += text.slice(at, s.start) + CENSOR_MARK;
        at = s.end;
      }
      if (out.censor) out.censored = censored + text.slice(at);
      return out;
    },
  };
}

/** What screening a write found: the texts to store (censored), and what the other actions ask. */
export type Screened<T extends Record<string, string | undefined>> = {
  texts: T;
  /** A require-approval word: hold it (a post or comment) or report it (anything else). */
  approval: Hit | null;
  /** A flag word: publish, then report it. */
  flag: Hit | null;
};

/**
 * Screens the texts of one write (an absent one is left out): a block word refuses it (400, naming
 * the word as written, with the field's own message under its key for the form); censor words become
 * ■■■ in what is stored; the first require-approval and flag words are returned for the caller.
 */
export function screenTexts<T extends Record<string, string | undefined>>(
  matcher: WordMatcher,
  texts: T,
  fields: { [K in keyof T]-?: WatchedField },
): Screened<T> {
  if (matcher.empty) return { texts, approval: null, flag: null };
  let approval: Hit | null = null;
  let flag: Hit | null = null;
  const out: Record<string, string | undefined> = { ...texts };
  for (const key of Object.keys(texts) as Array<keyof T & string>) {
    const text = texts[key];
    if (text === undefined) continue;
    const scan = matcher.scan(text);
    if (scan.block) throw blockedError(fields[key], key, scan.block.found);
    approval ??= scan.approval;
    flag ??= scan.flag;
    out[key] = scan.censored;
  }
  return { texts: out as T, approval, flag };
}

/**
 * A username is shown on everything its member writes and cannot be published censored or held: a
 * block, censor or require-approval word refuses it (400 under `username`); a flag word lets it
 * through and is returned, for the caller to report the member once the account exists.
 */
export function screenUsername(matcher: WordMatcher, username: string): Hit | null {
  if (matcher.empty) return null;
  const scan = matcher.scan(username);
  const refused = scan.block ?? scan.approval ?? scan.censor;
  if (refused) throw blockedError('username', 'username', refused.found);
  return scan.flag;
}

export function blockedError(field: WatchedField, key: string, found: string): HttpError {
  const message = WATCHED_MSG.blocked(field, found);
  return new HttpError(400, message, { errors: { [key]: message } });
}

/**
 * A report the system opens on something a flag word (or a require-approval word where nothing can
 * be held) let through: it waits in the moderators' queue like a member's, with no reporter.
 */
export async function reportWatchedWord(db: Db | Tx, target: { type: 'post' | 'comment' | 'message' | 'user'; id: number }, hit: Hit, now: Date): Promise<void> {
  await db.insert(reports).values({ reporterId: null, targetType: target.type, targetId: target.id, reason: WATCHED_MSG.flagReason(hit.phrase), createdAt: now });
}

/** The list in the order the admin screen shows it (by phrase). */
export async function loadWatchedWords(db: Db | Tx) {
  return db.select().from(watchedWords).orderBy(asc(watchedWords.phrase));
}

/**
 * The watched words of this process: the matcher compiled from the list, read once before the server
 * answers and again in every process whenever the list changes ('watched_words.changed'; in the
 * writing process before its answer goes, so the admin's next post already meets the new word).
 */
export async function createWatchedWords({ db, events, log }: Pick<Core, 'db' | 'events' | 'log'>) {
  const cache: FoldCache = new Map();
  let matcher = compileWords([], cache);
  const reload = async () => {
    try {
      const next = compileWords(await loadWatchedWords(db), cache);
      // The engine compiles an expression on its first uses: here, not on a member's write.
      for (const text of ['Warm up the watched words, 1st', 'and once more: the native code']) next.scan(text);
      matcher = next;
    } catch (err) {
      log.warn({ err }, 'watched words not read');
    }
  };
  await events.onEveryProcess('watched_words.changed', reload);
  await reload();
  return {
    /** This process's matcher: sync, for every write. */
    matcher: (): WordMatcher => matcher,
    reload,
    screen: <T extends Record<string, string | undefined>>(texts: T, fields: { [K in keyof T]-?: WatchedField }) => screenTexts(matcher, texts, fields),
    /** Refuses a username with a watched word (400), or returns the flag word that lets it through. */
    screenUsername: (username: string) => screenUsername(matcher, username),
  };
}
export type WatchedWords = Awaited<ReturnType<typeof createWatchedWords>>;
