// ESLint (flat config): the recommended JavaScript and TypeScript rules, kept modest, and the
// import boundaries of the layout (docs/architecture.md "The layout"): a pure engine, screens apart from the
// server, a store layer that knows no HTTP, widgets that know no screens.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import noAnswerCast from './eslint/no-answer-cast.js';
import noHandlerDataType from './eslint/no-handler-data-type.js';
import noImportCycle from './eslint/no-import-cycle.js';

/** `no-restricted-imports` patterns with the reason shown in the error. */
const restrict = (message, group) => ['error', { patterns: [{ group, message }] }];

/** One message filler (engine/fill.ts) fills every {x}; an inline replace fills only the first. */
const FILL_NOT_REPLACE = {
  selector: "CallExpression[callee.property.name='replace'][arguments.0.type='Literal'][arguments.0.value=/^\\{\\w+\\}$/]",
  message: "Fill '{x}' placeholders with fill() from engine/fill.ts: .replace fills only the first.",
};

export default defineConfig(
  // Our sources only: not builds, data, generated types, or tool folders (.tools/, .ci/, …).
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.*/**', 'schemas/generated/**', 'coverage/**', '**/*.d.ts', 'scripts/ferretdb-server/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // A disable comment that no longer silences anything is an error: it hides nothing but itself.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: {
      'react-hooks': reactHooks,
      blankett: { rules: { 'no-answer-cast': noAnswerCast, 'no-handler-data-type': noHandlerDataType, 'no-import-cycle': noImportCycle } },
    },
    rules: {
      // An action's answer is typed from its schema (schemas/generated/actions.ts); never cast it.
      'blankett/no-answer-cast': 'error',
      // A handler in an ActionTable is typed from its action's schema; never annotate its parameters.
      'blankett/no-handler-data-type': 'error',
      // TypeScript checks these (tsc --noEmit in npm test); the lint rules only add noise.
      'no-undef': 'off',
      'no-redeclare': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Style, or deliberate (comma sequences, control characters in sanitising regexes).
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-useless-assignment': 'off',
      'preserve-caught-error': 'off',
      'no-control-regex': 'off',
      // A handler filled in later and read by a closure declared before it (server/app.ts).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-restricted-syntax': ['error', FILL_NOT_REPLACE],
    },
  },
  {
    // A button whose call runs stays focusable: BusyButton (screens/shared/BusyButton.tsx), not disabled={busy}.
    files: ['screens/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', FILL_NOT_REPLACE, {
        selector: "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='disabled'] Identifier[name=/^(busy|saving|sending|pending)$/]",
        message: 'A disabled button drops the focus to the page while its call runs: use BusyButton (screens/shared/BusyButton.tsx) with busy={…}.',
      }],
    },
  },
  {
    // React code: the plugin's two classic rules (its React Compiler rules are not ours to follow yet).
    files: ['engine/react/**/*.{ts,tsx}', 'screens/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'tests/unit/**/*.tsx'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['engine/**/*.{ts,tsx}'],
    ignores: ['engine/react/**'],
    rules: {
      'no-restricted-imports': restrict('The pure engine imports no React, widgets, screens or server code (it runs on the server too); React bindings live in engine/react/.', [
        'react', 'react/*', 'react-dom', 'react-dom/*', '@rjsf/core', '@rjsf/utils', '@dnd-kit/*',
        '**/react', '**/react/**', '**/widgets', '**/widgets/**', '**/screens', '**/screens/**', '**/server', '**/server/**',
      ]),
    },
  },
  {
    files: ['engine/react/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict('The engine does not import widgets or screens: widgets register themselves (widgets/register.ts).', [
        '**/widgets', '**/widgets/**', '**/screens', '**/screens/**', '**/server', '**/server/**',
      ]),
    },
  },
  {
    files: ['screens/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict('Screens import nothing from the server: call it through screens/api.ts.', ['**/server', '**/server/**', 'koa', '@koa/*', 'mongodb', '@seald-io/nedb', 'better-sqlite3', 'nodemailer']),
    },
  },
  {
    // The runner is the floor the screens stand on: the admin app and the feature areas import it, never the other way.
    files: ['screens/runner/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict('The runner imports neither screens/admin/ nor screens/org/ (they build on it); move what it needs into screens/runner/ or screens/shared/.', ['**/server', '**/server/**', 'koa', '@koa/*', 'mongodb', '@seald-io/nedb', 'better-sqlite3', 'nodemailer', '**/screens/admin', '**/screens/admin/**', '**/screens/org', '**/screens/org/**', '../admin', '../admin/**', '../org', '../org/**', '../../admin', '../../admin/**', '../../org', '../../org/**']),
    },
  },
  {
    // A form's choice of form is made when the build makes the route table (routeTable.ts): the chooser
    // and the table's making stay out of the browser's code; their types may be read anywhere.
    files: ['screens/**/*.{ts,tsx}'],
    ignores: ['screens/runner/routeTable.ts', 'screens/runner/fileCatalogue.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/lightChooser', '**/routeTable', '**/fileCatalogue'], allowTypeImports: true, message: 'The chooser runs when the route table is built (scripts/vite/screen-table.ts), not in the browser: read a form\'s choice with useLightForm (context.ts); tests build a catalogue with fileCatalogue.ts.' }] }],
    },
  },
  {
    // The public pages and the app shell route with screens/public/router.tsx: React Router is the admin app's (screens/admin/AdminRoot.tsx), ~15 KB gzip the apply page does without.
    files: ['screens/public/**/*.{ts,tsx}', 'screens/App.tsx', 'screens/main.tsx'],
    rules: {
      'no-restricted-imports': restrict('Public pages import nothing from the server, and route with screens/public/router.tsx, not React Router (the admin app brings it).', ['**/server', '**/server/**', 'koa', '@koa/*', 'mongodb', '@seald-io/nedb', 'better-sqlite3', 'nodemailer', 'react-router', 'react-router-dom']),
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict('Widgets do not import screens (or the server).', ['**/screens', '**/screens/**', '**/server', '**/server/**']),
    },
  },
  {
    // No import circle anywhere in the server, type-only imports included (eslint/no-import-cycle.js).
    files: ['server/**/*.ts'],
    rules: { 'blankett/no-import-cycle': ['error', { root: 'server' }] },
  },
  {
    // The floors (docs/architecture.md): base < log < store < blobs, coord < mail < auth < domain < dispatcher, actions < http, routes.
    files: ['server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict('The domain knows neither HTTP nor the RPC: no server/http, server/routes, server/dispatcher or server/actions, no Koa (take ServerDeps and Principal from server/base/, access rules from domain/accounts/access.ts).', [
        '**/http', '**/http/**', '**/routes', '**/routes/**', '**/dispatcher', '**/dispatcher/**', '**/actions/**', '**/ssr/**', '**/realtime/**', 'koa', '@koa/*',
      ]),
    },
  },
  {
    files: ['server/store/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict('The store layer sits below the domain and knows no HTTP: no server/http, server/domain, server/dispatcher or server/blobs, no Koa, no HttpError (throw a store error; the error handler maps it).', [
        '**/http', '**/http/**', 'koa', '@koa/*', '**/errors', '**/domain/**', '**/dispatcher/**', '**/actions/**', '**/routes/**', '**/blobs/**', '**/auth/**',
      ]),
    },
  },
  {
    files: ['server/base/**/*.ts', 'server/blobs/**/*.ts', 'server/log.ts'],
    rules: {
      'no-restricted-imports': restrict('The ground floor, the log and the blobs sit below the domain: no server/domain, server/dispatcher, server/actions, server/http or server/routes.', [
        '**/http', '**/http/**', 'koa', '@koa/*', '**/domain/**', '**/dispatcher/**', '**/actions/**', '**/routes/**', '**/auth/**',
      ]),
    },
  },
);
