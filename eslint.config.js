// Lint rules that keep the architecture honest (DESIGN "Layout"):
// - a server module reaches another only through that module's index.ts (a *.tables.ts file may
//   reference another module's tables for foreign keys, nothing else may);
// - the platform never imports business modules;
// - packages/domain stays pure: no I/O, no clock.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const otherModuleInternals = {
  regex: '^\\.\\./[^./][^/]*/',
  message: 'Import another module only through its index.ts (e.g. "../users"), never its files.',
};

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
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['apps/server/src/modules/*/*.tables.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModuleInternals] }] },
  },
  {
    files: ['apps/server/src/modules/*/*.tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^./][^/]*/(?![^/]+\\.tables$)', message: 'A tables file may import only other tables files (for foreign keys).' }] },
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
