import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const root = import.meta.dirname
const abs = (path) => resolve(root, path)
const features = readdirSync(abs('src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const SHARED_CLIENT_LAYERS = ['api', 'realtime', 'offline', 'payments', 'i18n', 'components']

/**
 * The architecture's import rules (docs/architecture.md), checked on resolved paths so no spelling
 * of a relative path escapes them:
 * - client: shared layers never import features or the shell; a feature imports another feature
 *   only through that feature's public entry (`index.ts`); nothing in src/ imports the server;
 * - common/ imports neither side;
 * - server: routes → commands → repositories → db, downward only; server/lib imports no route,
 *   command or repository.
 */
const boundaryZones = [
  ...SHARED_CLIENT_LAYERS.map((layer) => ({
    target: abs(`src/${layer}`),
    from: [abs('src/features'), abs('src/app')],
    message: 'Shared layers never import features or the app shell.',
  })),
  ...features.map((feature) => ({
    target: abs(`src/features/${feature}`),
    from: [`${abs('src/features')}/!(${feature})/**`],
    except: [`${abs('src/features')}/*/index.ts`, `${abs('src/features')}/*/index.tsx`],
    message: 'Import another feature only through its public entry (its index.ts).',
  })),
  {
    target: abs('src'),
    from: [abs('server'), abs('tests')],
    message: 'The client never imports the server.',
  },
  {
    target: abs('common'),
    from: [abs('src'), abs('server'), abs('sw')],
    message: 'common/ holds rules both sides share: it imports neither side.',
  },
  {
    target: abs('server/lib'),
    from: [abs('server/routes'), abs('server/commands'), abs('server/repositories')],
    message: 'server/lib is the bottom layer: it imports no route, command or repository.',
  },
  {
    target: abs('server/repositories'),
    from: [abs('server/routes'), abs('server/commands'), abs('server/plugins'), abs('server/jobs')],
    message: 'Layers import downward only: routes → commands → repositories → db.',
  },
  {
    target: abs('server/commands'),
    from: [abs('server/routes'), abs('server/plugins')],
    message: 'Layers import downward only: routes → commands → repositories → db.',
  },
  {
    target: abs('server/db'),
    from: [
      abs('server/routes'),
      abs('server/commands'),
      abs('server/repositories'),
      abs('server/jobs'),
    ],
    message: 'Layers import downward only: routes → commands → repositories → db.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'coverage',
      'public',
      'tests/e2e/.tmp',
      '.ci/reports',
      'bench/.tmp',
      '.stryker-tmp',
      'reports/mutation',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'common/**/*.ts', 'sw/**/*.ts'],
    // Tests may reach across (fixtures of another feature, the dictionaries that every error code
    // must have a message in); the rules are for the code that ships.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', 'server/tsconfig.json', 'sw/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Shared layers never import from features (bulletproof-react's unidirectional rule).
    files: [
      'src/api/**',
      'src/realtime/**',
      'src/offline/**',
      'src/payments/**',
      'src/i18n/**',
      'src/components/**',
      'src/lib/**',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**'] }],
    },
  },
  {
    // The ApiError class loads with the first error answer (decision 0044): a screen importing it
    // would download it on every first visit. Screens tell API errors with isApiError (api/errors).
    files: ['src/features/**', 'src/app/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/api-error'],
              allowTypeImports: true,
              message: 'Use isApiError from src/api/errors (decision 0044).',
            },
          ],
        },
      ],
    },
  },
  {
    // The real-time service ships on its own: nothing from the app.
    files: ['server/realtime/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../*', '!./*', '../../*'] }],
    },
  },
  {
    files: ['server/**', 'tests/**', 'bench/**', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['sw/**'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
)
