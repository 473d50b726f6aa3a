// Lint rules that keep the architecture honest (docs/engineering.md "Layout"):
// - a server module reaches another only through that module's index.ts (a *.tables.ts file may
//   reference another module's tables for foreign keys, nothing else may);
// - a web feature never imports another feature's files: shared pieces live in apps/web/src/shared
//   (the router in apps/web/src/app registers the features' screens);
// - the platform never imports business modules; shared web pieces never import features;
// - packages/domain stays pure: no I/O, no clock.
// Boundaries are checked on resolved file paths (eslint-plugin-boundaries), so no spelling of a
// path ('../users/x', '../../modules/users/x', a sub-folder) gets around them.
// apps/server/src/architecture.test.ts lints small fixtures against this file to prove it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

const INTO_MODULE = 'Import another server module only through its index.ts (e.g. "../users"), never its files.';
const INTO_FEATURE = 'A web feature may not import another feature\'s files: move shared pieces to apps/web/src/shared.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
        { type: 'server-platform', pattern: 'apps/server/src/platform' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'web-shared', pattern: 'apps/web/src/shared' },
        { type: 'web-api', pattern: 'apps/web/src/api' },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        // Everything else in the two apps (app.ts, modules.ts, test helpers, main.tsx …).
        { type: 'server-rest', pattern: 'apps/server/src' },
        { type: 'web-rest', pattern: 'apps/web/src' },
      ],
    },
    rules: {
      // The last policy that matches decides.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            { disallow: { to: { element: { type: 'server-module' } } }, message: INTO_MODULE },
            { allow: { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } } },
            {
              from: { element: { type: 'server-module', fileInternalPath: '*.tables.ts' } },
              allow: { to: { element: { type: 'server-module', fileInternalPath: '*.tables.ts' } } },
            },
            { disallow: { to: { element: { type: 'web-feature' } } }, message: INTO_FEATURE },
            // The composition roots: the router registers screens, main.tsx mounts the app.
            { from: { element: { type: 'web-app' } }, allow: { to: { element: { type: 'web-feature' } } } },
            { from: { element: { type: 'web-rest', fileInternalPath: 'main.tsx' } }, allow: { to: { element: { type: 'web-feature' } } } },
            { allow: { dependency: { relationship: { to: 'internal' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules(/|$)', message: 'The platform must not depend on business modules.' }] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|fs$|path$|http|https$|net$|child_process$|crypto$|pg$|pg-|drizzle|@electric-sql|fastify|nodemailer|react|antd|@exship/server|@exship/web)',
              message: 'packages/domain is pure business rules: no I/O, frameworks or apps.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'No I/O in the domain.' }, { name: 'process', message: 'No environment in the domain.' }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Pass `now` in; the domain has no clock.' }],
    },
  },
);
