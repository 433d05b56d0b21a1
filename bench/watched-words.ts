// `npm run bench:words`: how many texts a second one process screens against the watched words
// (issue 28, server/trust/watched-words.ts), with the list full (WATCHED_WORDS_MAX words, every action,
// a sixth of them with wildcards) and empty, for a chat message, a comment and a long post. Every write
// of a post, comment, message, status or username pays one scan per text, so this is its cost.
//
// BENCH_WORDS_SECONDS (default 2): how long each case runs. No database: the matcher alone.
import { WATCHED_ACTIONS, WATCHED_WORDS_MAX } from '../common/rules/review.ts';
import { compileWords, type WatchedWord } from '../server/trust/watched-words.ts';

const SECONDS = Number(process.env.BENCH_WORDS_SECONDS ?? 2);

const SYLLABLES = ['van', 'drop', 'rota', 'depot', 'parcel', 'cash', 'loan', 'crypto', 'deal', 'cheap', 'scan', 'route', 'fuel', 'card', 'win'];
function wordList(n: number): WatchedWord[] {
  const out: WatchedWord[] = [];
  for (let i = 0; out.length < n; i++) {
    const base = `${SYLLABLES[i % SYLLABLES.length]}${SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]}${i.toString(36)}`;
    const phrase = i % 6 === 0 ? `${base}*` : i % 11 === 0 ? `${base} now` : base;
    out.push({ phrase, action: WATCHED_ACTIONS[i % WATCHED_ACTIONS.length] });
  }
  return out;
}

const SENTENCE =
  'Anyone know if the Croydon depot still opens at 6? The A23 was a car park again, 40 drops by 2pm and the scanner died twice. Café at the services does a decent bacon roll though. ';
const TEXTS = {
  'chat message (60 chars)': SENTENCE.slice(0, 60),
  'comment (600 chars)': SENTENCE.repeat(4).slice(0, 600),
  'post (5,000 chars)': SENTENCE.repeat(30).slice(0, 5000),
};

function run(label: string, words: WatchedWord[]) {
  const started = performance.now();
  const matcher = compileWords(words);
  const compileMs = performance.now() - started;
  console.log(`\n${label}: ${words.length} words, compiled in ${compileMs.toFixed(1)} ms`);
  // Warm up first: the expression is compiled on its first use, and optimised after a few.
  for (let i = 0; i < 200; i++) for (const text of Object.values(TEXTS)) matcher.scan(`${text} ${i}`);
  for (const [name, text] of Object.entries(TEXTS)) {
    let n = 0;
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      // A different text each time (a number appended), so nothing is served from a cache.
      matcher.scan(`${text} ${n}`);
      n++;
    }
    console.log(`  ${name.padEnd(26)} ${Math.round(n / SECONDS).toLocaleString('en-GB').padStart(10)} texts/s`);
  }
}

run('full list', wordList(WATCHED_WORDS_MAX));
run('200 words', wordList(200));
run('no words', []);
