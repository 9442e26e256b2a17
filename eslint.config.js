import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Walls: which code may import which (style.md, "Feature folders, one import
// direction"). ESLint keeps only the last setting of a rule for a file, so each
// group of files lists every wall that holds for it.
const TEST_FILES = ['**/*.test.{ts,tsx}', 'src/test/**'];
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js'];
const wall = (message, ...regexes) => regexes.map((regex) => ({ regex, message }));
const SHARED = wall(
  'Shared code (contract, api, lib, components, sources) must not import a feature or the app shell.',
  '(^|/)features/',
  '(^|/)app/',
);
const FEATURE = wall(
  'A feature must not import another feature; move what they share to src/lib or src/components.',
  '^\\.\\./(?!\\.\\.)[^/]+/',
  '(^|/)features/',
);
const PANEL = wall(
  'Panel code must not import the server or test code.',
  '(^|/)server/',
  '(^|/)test(/|$)',
  '\\.test$',
);
const SERVER = wall(
  'The server may import only the contract (src/contract/) from src/, and no test code.',
  '(^|/)src/(?!contract/)',
  '(^|/)test/',
  '\\.test$',
);
const CONTRACT = wall(
  'The contract (src/contract/) is shared by the server and the panel: it imports only zod and itself.',
  '(^|/)(api|lib|components|features|app|server|test)/',
);
// The server's layers (issue 28): routes → auth, audit, repos → db. Transport
// (http/) knows no layer above it; the store no configuration; the document no route.
const HTTP_LAYER = wall(
  'server/http/ is transport only: it must not import routes, auth, audit or repositories.',
  '(^|/)(routes|auth|audit|repos)/',
);
const DB_LAYER = wall(
  'server/db/ is the store: it must not import the configuration, http, routes, auth, audit or repositories.',
  '(^|/)config$',
  '(^|/)(http|routes|auth|audit|repos)/',
);
const LOWER_LAYERS = wall(
  'Repositories and the activity log sit below the routes and transport: no routes/ or http/.',
  '(^|/)(routes|http)/',
);
const OPENAPI_LAYER = wall(
  'The OpenAPI document is made of the declarations (src/contract/endpoints/), not of routes.',
  '(^|/)routes/',
);
const AUTH_LAYER = wall(
  'server/auth/ keeps the guard, keys and sessions: handlers (routes/) import it, never the other way.',
  '(^|/)routes/',
);
const RULES_WING = wall(
  'server/health/ and server/alerts/ hold rules: no routes/, no background work (watch/).',
  '(^|/)(routes|watch)/',
);
const WATCH_WING = wall(
  'server/watch/ is background work: it must not import routes/.',
  '(^|/)routes/',
);
const SHARED_FILES = [
  'src/contract/**',
  'src/api/**',
  'src/lib/**',
  'src/components/**',
  'src/sources/**',
];
const walls = [
  { files: SHARED_FILES, patterns: SHARED },
  { files: SHARED_FILES, ignores: TEST_FILES, patterns: [...SHARED, ...PANEL] },
  { files: ['src/features/**'], patterns: FEATURE },
  { files: ['src/features/**'], ignores: TEST_FILES, patterns: [...FEATURE, ...PANEL] },
  { files: ['src/app/**', 'src/main.tsx'], ignores: TEST_FILES, patterns: PANEL },
  { files: ['server/**'], ignores: TEST_FILES, patterns: SERVER },
  { files: ['server/http/**'], ignores: TEST_FILES, patterns: [...SERVER, ...HTTP_LAYER] },
  { files: ['server/db/**'], ignores: TEST_FILES, patterns: [...SERVER, ...DB_LAYER] },
  {
    files: ['server/repos/**', 'server/audit/**'],
    ignores: TEST_FILES,
    patterns: [...SERVER, ...LOWER_LAYERS],
  },
  { files: ['server/auth/**'], ignores: TEST_FILES, patterns: [...SERVER, ...AUTH_LAYER] },
  {
    files: ['server/health/**', 'server/alerts/**'],
    ignores: TEST_FILES,
    patterns: [...SERVER, ...RULES_WING],
  },
  { files: ['server/watch/**'], ignores: TEST_FILES, patterns: [...SERVER, ...WATCH_WING] },
  { files: ['server/openapi/**'], ignores: TEST_FILES, patterns: [...SERVER, ...OPENAPI_LAYER] },
  { files: ['src/contract/**'], ignores: TEST_FILES, patterns: [...SHARED, ...PANEL, ...CONTRACT] },
];

// Queries live in server/repos/ (one file per table family) and server/db/ (the
// store, its migrations): a wing holds rules, a handler calls repository
// functions. Kysely's query builders and its `sql` tag anywhere else fail lint.
const QUERY_MESSAGE =
  'Queries live in server/repos/ (or server/db/): call a repository function instead of building SQL here.';
const QUERY_SYNTAX = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
    message: QUERY_MESSAGE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
  { selector: "CallExpression[callee.object.name='sql']", message: QUERY_MESSAGE },
];
// Files that built queries outside repos/ when the rule came in (77 statements
// in 21 files): to be moved into repository functions, then struck from this
// list. Nothing new joins it.
const QUERIES_TO_MOVE = [
  'server/auth/apiKeys.ts', // 5
  'server/auth/invitationLinks.ts', // 4
  'server/auth/managedKeys.ts', // 8
  'server/auth/oidc/usedStates.ts', // 2
  'server/auth/sessions.ts', // 5
  'server/bundle/planConnectors.ts', // 5
  'server/bundle/planCredentials.ts', // 4
  'server/bundle/setup.ts', // 9
  'server/crypto/secretKey.ts', // 6
  'server/groups/choice.ts', // 1
  'server/groups/control.ts', // 1
  'server/groups/visibility.ts', // 4
  'server/health/statusRows.ts', // 1
  'server/health/swap.ts', // 2
  'server/routes/groups.ts', // 1
  'server/routes/readiness.ts', // 1
  'server/watch/alertDeliveries.ts', // 5
  'server/watch/alertSweep.ts', // 6
  'server/watch/retests.ts', // 1
  'server/watch/watch.ts', // 3
  'server/watch/webhookSetting.ts', // 3
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results.json',
      'bench/.dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // The bench's bare page: plain JavaScript run by the browser.
  { files: ['bench/bare-page/**/*.js'], languageOptions: { globals: globals.browser } },
  {
    files: [
      'server/**/*.ts',
      'test/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  // No import cycles: a module that imports, through any chain, a module that
  // imports it back. The rule skips type-only imports (`import type`, or every
  // name marked `type`) by itself: they vanish at run time. The plugin stays at
  // 4.6 (package.json): later ones need a native resolver whose builds for other
  // systems the registry here lacks, so `npm ci` could not install them.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': SOURCE_EXTENSIONS,
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: SOURCE_EXTENSIONS })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...walls.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    files: ['server/**/*.ts'],
    ignores: ['server/repos/**', 'server/db/**', ...TEST_FILES, ...QUERIES_TO_MOVE],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_SYNTAX] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
