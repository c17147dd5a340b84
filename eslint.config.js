import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const SERVER = 'packages/server/src';
// The zones below are paths from the repository root, whatever the working directory (the rule
// would read them from process.cwd(): the lint test runs from packages/server too).
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WEB = 'packages/web/src';
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = folders(`${SERVER}/modules`);
const webFeatures = folders(`${WEB}/features`);

/**
 * Server modules are reached only through their index.ts, from other modules and from anywhere
 * else (app.ts, auth, demo, tests, the bench); inside a module, files import each other freely.
 * Auth is reached through its index.ts too, except for the primitives modules use (tokens,
 * passwords, the throttle counters, the sessions repository, session types): auth imports the users and settings
 * modules, so a module importing auth's barrel would close a cycle.
 */
const serverZones = [
  ...serverModules.map((name) => ({
    target: [
      `${SERVER}/!(modules)/**`,
      `${SERVER}/*.ts`,
      `${SERVER}/modules/!(${name})/**`,
      'bench/**',
    ],
    from: `${SERVER}/modules/${name}`,
    except: ['./index.ts'],
    message: `Import the ${name} module through its index.ts.`,
  })),
  {
    target: [`${SERVER}/!(auth)/**`, `${SERVER}/*.ts`, 'bench/**'],
    from: `${SERVER}/auth`,
    except: [
      './index.ts',
      './tokens.ts',
      './passwords.ts',
      './throttle.ts',
      './sessions.repository.ts',
      './session.ts',
    ],
    message: 'Import auth through auth/index.ts (or one of its primitives).',
  },
];

/**
 * Server modules reach bytes only through the storage seam (ctx.storage, src/storage), never the
 * file system, so that every kind of bytes works on local disk and in a bucket alike; scratch files
 * for tools that need paths (ffmpeg) come from storage's withTempDir. Tests may set up folders.
 */
const NO_FS = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
  name,
  message: 'Modules reach bytes through ctx.storage (src/storage); scratch files: withTempDir().',
}));

/** A feature never imports another feature; shared code never imports a feature or the app. */
const webZones = [
  ...webFeatures.map((name) => ({
    target: `${WEB}/features/!(${name})/**`,
    from: `${WEB}/features/${name}`,
    message: 'Features do not import each other: move what both need to shared/.',
  })),
  {
    target: `${WEB}/shared/**`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'shared/ is below features and app: it never imports them.',
  },
];

/**
 * Interface text comes from the translation catalogues, never from a literal in JSX: a text node
 * with a letter in it, a string with a letter as a child ({'…'}), or a literal label, placeholder,
 * title, alt or aria-label. Punctuation, digits and symbols stay allowed.
 */
const LETTER = '/\\p{L}/u';
// A web address (a placeholder such as https://) is not language.
const NOT_URL = ':not([value=/^[a-z]+:\\/\\//])';
const jsxLiterals = [
  {
    selector: `JSXText[value=${LETTER}]`,
    message: 'Interface text comes from t(), not a literal in JSX.',
  },
  {
    selector: `JSXExpressionContainer > Literal[value=${LETTER}]${NOT_URL}`,
    message: 'Interface text comes from t(), not a literal in JSX.',
  },
  {
    selector: `JSXAttribute[name.name=/^(label|placeholder|title|alt|aria-label|description)$/] > Literal[value=${LETTER}]${NOT_URL}`,
    message: 'Interface text comes from t(), not a literal in JSX.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'packages/web/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Lets the rules read TypeScript files they follow (without it, no-cycle sees no edge).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          // Absolute, so that the rules resolve alike from any working directory (the lint test).
          project: ['packages/*/tsconfig.json', 'bench/tsconfig.json', 'e2e/tsconfig.json'].map(
            (path) => fileURLToPath(new URL(path, import.meta.url)),
          ),
        }),
      ],
    },
    rules: {
      // Type-only imports are skipped: they vanish from the emitted JavaScript.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`, 'bench/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones, basePath: ROOT }] },
  },
  {
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: [
      '**/*.test.ts',
      '**/test-fixtures/**',
      // Reads the interface messages shipped with the web app, not archive bytes.
      `${SERVER}/modules/site-translations/shipped-keys.ts`,
      // Links the OCR models shipped in node_modules for tesseract.js, not archive bytes.
      `${SERVER}/modules/ocr/traineddata.ts`,
    ],
    rules: { 'no-restricted-imports': ['error', { paths: NO_FS }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones, basePath: ROOT }] },
  },
  {
    files: [`${WEB}/**/*.tsx`],
    ignores: ['**/*.test.tsx', `${WEB}/shared/test/**`],
    rules: { 'no-restricted-syntax': ['error', ...jsxLiterals] },
  },
  {
    files: ['packages/web/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
