import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---- Client zones (issue 13, item 5) ----
// client/src/features/<a>/ may import components/, lib/, @common/ and its own folder, never another
// feature; from app/ only the 404 page, which a post or profile page shows for a missing one (it must
// stay in the shell bundle). components/ and lib/ sit below the features and import none of them (nor
// app/, which composes them; tests may render the app). app/ and test/ are free. Each group repeats the
// client-wide ban on server code: a later setting of a rule replaces an earlier one for the same file.
// Request paths ('/api/…') live only in the endpoint contracts (common/contracts), called with call().
// (esquery regexes cannot hold '/', hence \x2F in the selectors.)
const CLIENT_FEATURES = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const NO_SERVER = { group: ['**/server/**', 'node:*'], message: 'The client never imports server code; shared code lives in common/.' };
const CROSS_FEATURE = 'A feature never imports another feature: move what both need to components/ or lib/, or let app/ compose them.';
const API_PATHS = 'Request paths live in the endpoint contracts (common/contracts/<f>.ts): import the endpoint from @endpoints/<f> and call(endpoint, input).';

function clientZones() {
  const perFeature = CLIENT_FEATURES.flatMap((a) => {
    const otherFeature = `^@/features/(?!${a}(/|$))`;
    const dynamicImports = [
      { selector: `ImportExpression[source.value=/${otherFeature.replaceAll('/', '\\x2F')}/]`, message: CROSS_FEATURE },
      { selector: 'ImportExpression[source.value=/^(\\.\\.\\x2F){2,}/]', message: CROSS_FEATURE },
    ];
    return [
      {
        files: [`client/src/features/${a}/**/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns: [
            NO_SERVER,
            { regex: otherFeature, message: CROSS_FEATURE },
            // Two levels up from features/<a>/<folder>/ is features/ itself; within the feature use @/features/<a>/….
            { regex: '^(\\.\\./){2,}', message: CROSS_FEATURE },
            { regex: '^@/app/(?!routes/not-found$)', message: 'Features do not import the app shell (it composes them); only the 404 page is shared.' },
          ] }],
          'no-restricted-syntax': ['error',
            ...dynamicImports,
            { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message: API_PATHS },
            { selector: 'TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2F/]', message: API_PATHS },
          ],
        },
      },
      {
        // Tests assert on the URLs a request went to.
        files: [`client/src/features/${a}/**/*.test.{ts,tsx}`],
        rules: { 'no-restricted-syntax': ['error', ...dynamicImports] },
      },
    ];
  });
  const below = ['client/src/components/**/*.{ts,tsx}', 'client/src/lib/**/*.{ts,tsx}'];
  const noFeatures = [
    NO_SERVER,
    { regex: '^@/features(/|$)', message: 'components/ and lib/ sit below the features and never import them.' },
    { regex: '^(\\.\\./)+features(/|$)', message: 'components/ and lib/ sit below the features and never import them.' },
  ];
  return [
    ...perFeature,
    {
      files: below,
      rules: {
        'no-restricted-imports': ['error', { patterns: noFeatures }],
        'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/^@\\x2Ffeatures(\\x2F|$)/]', message: 'components/ and lib/ never import features.' }],
      },
    },
    {
      files: below,
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [...noFeatures, { regex: '^@/app(/|$)', message: 'components/ and lib/ never import the app shell.' }] }],
      },
    },
  ];
}

// ---- Server zones (issue 13, item 5) ----
// A file in server/modules/<a>/ imports the core (server/identity, audit, backup, events.ts, jobs, db, mail,
// http-errors.ts, plugins, realtime; also config.ts and lib/), common/ and its own folder. Another
// module only through its index.ts, the module's public face: shared reads (the post list and
// presenter…) are exposed there; anything a feature does because of another's change goes through
// server/events.ts. Tests may also import server/test/. Outside modules/, server code (app.ts, seo/,
// test/) reaches a module through its index.ts too.
const SERVER_MODULES = readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const SERVER_CORE = '(identity|audit|backup|db|jobs|mail|plugins|realtime|lib|trust)/|(core|events|http-errors|config)\\.ts$';
const OTHER_MODULE = 'A server module imports another only through its index.ts (its public face); cross-feature effects go through server/events.ts.';
const NOT_CORE = 'A server module imports only the core (core.ts, identity, trust, audit, backup, events.ts, jobs, db, mail, http-errors.ts, plugins, realtime, config.ts, lib/), common/ and its own folder.';

function serverZones() {
  return [
    ...SERVER_MODULES.flatMap((a) => {
      const patterns = (extraCore) => [
        { regex: `^\\.\\./(?!${a}/)[^./][^/]*/(?!index\\.ts$)`, message: OTHER_MODULE },
        { regex: `^\\.\\./\\.\\./(?!\\.\\./|${SERVER_CORE}${extraCore})`, message: NOT_CORE },
        { regex: '^\\.\\./\\.\\./\\.\\./(?!common/)', message: NOT_CORE },
      ];
      return [
        { files: [`server/modules/${a}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: patterns('') }] } },
        { files: [`server/modules/${a}/**/*.test.ts`], rules: { 'no-restricted-imports': ['error', { patterns: patterns('|test/') }] } },
      ];
    }),
    {
      files: ['server/**/*.ts'],
      ignores: ['server/modules/**'],
      rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.ts$)', message: OTHER_MODULE }] }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'drizzle', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The client must never import server code (secrets, database); shared code lives in common/.
    files: ['client/**/*.{ts,tsx}', 'common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }] },
  },
  {
    // The server renderer runs in Node only (built with `vite build --ssr`, never in the browser):
    // it may use Node's modules, still not server code.
    files: ['client/src/entry-server.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  ...clientZones(),
  ...serverZones(),
  {
    // Issue 14: an Intl formatter built per call (most of all with a timeZone) costs ICU memory the
    // process never gives back (50 000 DateTimeFormats: +865 MB RSS). Build it once, at module level.
    files: ['server/**/*.ts', 'common/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: ':function NewExpression[callee.object.name="Intl"]', message: 'Build Intl formatters once: at module level, or a London date formatter with londonFormat (common/london-day.ts), made on first use (issues 14, 31).' },
        {
          selector: ':function CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length=2]',
          message: 'toLocale*String with options builds a formatter per call: use a module-level Intl formatter (issue 14).',
        },
      ],
    },
  },
);
