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
// The server's wings, top to bottom (docs/architecture.md, "The server's
// wings"): main.ts/app.ts → plugins/ → routes/ → bundle/ → watch/ → health/ →
// connectionCheck/, groups/ → auth/ → audit/ → repos/ → db/ ⇄ crypto/; http/
// (transport), alerts/ (words) and openapi/ (the document) to one side. A wing
// imports only wings below it; each group below lists the wings above it.
const above = (message, ...wings) => wall(message, `(^|/)(${wings.join('|')})/`);
const HANDLERS = ['routes', 'plugins'];
const NOT_HANDLERS = above(
  "Only server/app.ts and server/plugins/ import handlers (routes/) and the app's parts (plugins/).",
  ...HANDLERS,
);
const HTTP_LAYER = above(
  'server/http/ is transport only: it must not import handlers, a wing, the activity log or repositories.',
  ...HANDLERS,
  'bundle|watch|health|connectionCheck|groups|auth|audit|repos|crypto|alerts|openapi',
);
const DB_LAYER = [
  ...wall('server/db/ is the store: it must not import the configuration.', '(^|/)config$'),
  ...above(
    'server/db/ is the store: only crypto/ (sealed values) beside it; no handlers, wings, transport or repositories.',
    ...HANDLERS,
    'bundle|watch|health|connectionCheck|groups|auth|audit|repos|http|alerts|openapi',
  ),
];
const CRYPTO_WING = wall(
  'server/crypto/ holds the secret key and sealed values: it imports only db/ and the contract.',
  '^\\.\\./(?!db/|\\.\\./src/contract/)',
);
const LOWER_LAYERS = above(
  'Repositories and the activity log sit below the wings: no handlers, transport, bundle, watch, health or connection checks.',
  ...HANDLERS,
  'http|bundle|watch|health|connectionCheck|alerts|openapi',
);
const OPENAPI_LAYER = above(
  'The OpenAPI document is made of the declarations (src/contract/endpoints/), not of routes or wings.',
  'routes|bundle|watch|health|connectionCheck|groups|auth|audit|repos|db|crypto|http|alerts',
);
const AUTH_LAYER = above(
  'server/auth/ keeps the guard, keys and sessions: handlers and wings import it, never the other way.',
  ...HANDLERS,
  'bundle|watch|health|connectionCheck|groups|alerts|openapi',
);
const GROUPS_WING = above(
  "server/groups/ holds the groups' rules: no handlers, bundle, background work, health, connection checks or sign-in.",
  ...HANDLERS,
  'bundle|watch|health|connectionCheck|auth|alerts|openapi',
);
const CHECK_WING = above(
  'server/connectionCheck/ tests a connection: no handlers, bundle, background work, health or groups.',
  ...HANDLERS,
  'bundle|watch|health|groups|alerts|openapi',
);
const HEALTH_WING = above(
  'server/health/ holds rules: no handlers, bundle or background work (watch/).',
  ...HANDLERS,
  'bundle|watch|alerts|openapi',
);
const ALERTS_WING = wall(
  "server/alerts/ holds the alerts' words: it imports only the contract.",
  '^\\.\\./(?!\\.\\./src/contract/)',
);
const WATCH_WING = above(
  'server/watch/ is background work: no handlers, no bundle, no sign-in or groups.',
  ...HANDLERS,
  'bundle|auth|groups|openapi',
);
const BUNDLE_WING = above(
  'server/bundle/ is the configuration bundle: no handlers (routes/, plugins/).',
  ...HANDLERS,
  'openapi',
);
const ROUTES_LAYER = above(
  'Handlers (server/routes/) are registered by server/plugins/ and app.ts: they never import them.',
  'plugins',
);
const PLUGINS_LAYER = wall(
  'server/plugins/ are the parts of buildApp: they never import the app or the process.',
  '^\\.\\./(app|main)$',
);
// The worker (worker/) speaks to Sourcedesk only through the declared worker
// routes (D14): it takes the contract and the connection test's pure helpers
// (the source hosts, their words), never the store, the routes or the panel.
const WORKER = wall(
  'The worker speaks to the server only over HTTP: it may import the contract (src/contract/) and server/connectionCheck/, nothing else of src/ or server/.',
  '(^|/)src/(?!contract/)',
  '(^|/)server/(?!connectionCheck/)',
  '(^|/)test/',
  '\\.test$',
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
  { files: ['server/**'], ignores: TEST_FILES, patterns: [...SERVER, ...NOT_HANDLERS] },
  { files: ['server/*.ts'], ignores: TEST_FILES, patterns: SERVER },
  { files: ['server/http/**'], ignores: TEST_FILES, patterns: [...SERVER, ...HTTP_LAYER] },
  { files: ['server/db/**'], ignores: TEST_FILES, patterns: [...SERVER, ...DB_LAYER] },
  { files: ['server/crypto/**'], ignores: TEST_FILES, patterns: [...SERVER, ...CRYPTO_WING] },
  {
    files: ['server/repos/**', 'server/audit/**'],
    ignores: TEST_FILES,
    patterns: [...SERVER, ...LOWER_LAYERS],
  },
  { files: ['server/openapi/**'], ignores: TEST_FILES, patterns: [...SERVER, ...OPENAPI_LAYER] },
  { files: ['server/auth/**'], ignores: TEST_FILES, patterns: [...SERVER, ...AUTH_LAYER] },
  { files: ['server/groups/**'], ignores: TEST_FILES, patterns: [...SERVER, ...GROUPS_WING] },
  {
    files: ['server/connectionCheck/**'],
    ignores: TEST_FILES,
    patterns: [...SERVER, ...CHECK_WING],
  },
  { files: ['server/health/**'], ignores: TEST_FILES, patterns: [...SERVER, ...HEALTH_WING] },
  { files: ['server/alerts/**'], ignores: TEST_FILES, patterns: [...SERVER, ...ALERTS_WING] },
  { files: ['server/watch/**'], ignores: TEST_FILES, patterns: [...SERVER, ...WATCH_WING] },
  { files: ['server/bundle/**'], ignores: TEST_FILES, patterns: [...SERVER, ...BUNDLE_WING] },
  { files: ['server/routes/**'], ignores: TEST_FILES, patterns: [...SERVER, ...ROUTES_LAYER] },
  { files: ['server/plugins/**'], ignores: TEST_FILES, patterns: [...SERVER, ...PLUGINS_LAYER] },
  { files: ['src/contract/**'], ignores: TEST_FILES, patterns: [...SHARED, ...PANEL, ...CONTRACT] },
  { files: ['worker/**'], ignores: TEST_FILES, patterns: WORKER },
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

// Files whose long functions stay long for now (max-lines-per-function below),
// each with the reason. Nothing new joins this list.
const LONG_FUNCTIONS = [
  // A migration is one table's shape written once and never edited after it
  // ran: splitting it would only scatter the table (0020: the sync jobs' tables, 131).
  'server/db/migrations/**',
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
      'worker/**/*.ts',
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
    ignores: ['server/repos/**', 'server/db/**', ...TEST_FILES],
    rules: { 'no-restricted-syntax': ['error', ...QUERY_SYNTAX] },
  },
  // Functions stay short enough to read at once (style.md, "Files stay small"):
  // a longer one splits into named parts (hooks, sub-components, registration
  // steps). Tests aside: a test's body reads top to bottom.
  {
    files: ['server/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, ...LONG_FUNCTIONS],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
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
