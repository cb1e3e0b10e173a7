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

/** Every folder of src/ but the given ones (a layer's "may not import" list). */
const srcExcept = (...allowed) =>
  readdirSync(abs('src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !allowed.includes(entry.name))
    .map((entry) => abs(`src/${entry.name}`))

/**
 * The architecture's import rules (docs/architecture.md, "Import rules"), checked on resolved paths
 * so no spelling of a relative path escapes them:
 * - client: each shared layer imports only the layers its row of the table names (the two
 *   "not live" reads of decision 0013 excepted); a feature imports another feature only through
 *   that feature's public entry (`index.ts`); nothing in src/ imports the server;
 * - sw/ imports common/ only of ours; common/ imports neither side nor tests;
 * - server: routes → commands → repositories → db, downward only; server/lib imports no route,
 *   command, repository, plugin or job.
 */
const boundaryZones = [
  {
    target: abs('src/api'),
    from: srcExcept('api'),
    message:
      'src/api imports only common/ (the QueryClient with the offline queue is src/offline).',
  },
  {
    target: abs('src/offline'),
    from: srcExcept('offline', 'api', 'lib'),
    message: 'src/offline imports only src/api, src/lib and common/.',
  },
  {
    target: abs('src/realtime'),
    from: srcExcept('realtime', 'api', 'lib', 'offline'),
    message: 'src/realtime imports only src/api, src/lib, common/ (and online state, 0013).',
  },
  {
    target: abs('src/realtime'),
    from: abs('src/offline'),
    except: ['./online.ts'],
    message: 'src/realtime reads only the online state of src/offline (decision 0013).',
  },
  {
    target: abs('src/payments'),
    from: srcExcept('payments', 'api', 'offline', 'lib'),
    message: 'src/payments imports only src/api, src/offline and src/lib.',
  },
  {
    target: abs('src/i18n'),
    from: srcExcept('i18n', 'api'),
    message: 'src/i18n imports only common/ (and the error guards of src/api/errors.ts).',
  },
  {
    target: abs('src/i18n'),
    from: abs('src/api'),
    except: ['./errors.ts'],
    message: 'src/i18n reads only the error guards of src/api (errors.ts), to word them.',
  },
  {
    target: abs('src/components'),
    from: srcExcept('components', 'i18n', 'lib', 'realtime', 'offline'),
    message: 'Shared components import only src/i18n and src/lib: no feature, shell or API code.',
  },
  {
    target: abs('src/components'),
    from: abs('src/realtime'),
    except: ['./live.ts'],
    message: 'Shared components read only "live or not" from src/realtime (decision 0013).',
  },
  {
    target: abs('src/components'),
    from: abs('src/offline'),
    except: ['./online.ts'],
    message: 'Shared components read only the online state from src/offline (decision 0013).',
  },
  {
    target: abs('src/lib'),
    from: [...srcExcept('lib'), abs('common'), abs('server'), abs('sw')],
    message: 'src/lib holds small helpers that import nothing of ours (React only).',
  },
  ...features.map((feature) => ({
    target: abs(`src/features/${feature}`),
    from: [`${abs('src/features')}/!(${feature})/**`],
    except: [`${abs('src/features')}/*/index.ts`, `${abs('src/features')}/*/index.tsx`],
    message: 'Import another feature only through its public entry (its index.ts).',
  })),
  {
    // Feature-to-feature imports go through index files, so a cycle between two features need
    // not be a cycle between files, which import-x/no-cycle would see: this one is fixed by hand.
    target: abs('src/features/lots'),
    from: abs('src/features/watchlist'),
    message: 'The watchlist imports lots (its list, the watch toggle): lots never imports it back.',
  },
  {
    target: abs('src'),
    from: [abs('server'), abs('tests')],
    message: 'The client never imports the server.',
  },
  {
    target: abs('sw'),
    from: [abs('src'), abs('server'), abs('tests')],
    message: 'The service worker imports only common/ of ours: never the app, the server or tests.',
  },
  {
    target: abs('common'),
    from: [abs('src'), abs('server'), abs('sw'), abs('tests')],
    message: 'common/ holds rules both sides share: it imports neither side, nor tests.',
  },
  {
    target: abs('server/lib'),
    from: [
      abs('server/routes'),
      abs('server/commands'),
      abs('server/repositories'),
      abs('server/plugins'),
      abs('server/jobs'),
      abs('server/domain'),
    ],
    message:
      'server/lib is the bottom layer: it imports no route, command, repository, plugin, job or domain shape.',
  },
  {
    target: abs('server/domain'),
    from: [
      abs('server/routes'),
      abs('server/commands'),
      abs('server/repositories'),
      abs('server/plugins'),
      abs('server/jobs'),
      abs('server/db'),
      abs('server/realtime'),
    ],
    message:
      'server/domain holds the shapes commands decide on: it imports only common/ and server/lib.',
  },
  {
    // The pure deciders take and return the domain's shapes, never SQL rows (issue 28).
    target: [
      abs('server/commands/**/decide-*.ts'),
      abs('server/commands/**/check-*.ts'),
      abs('server/commands/bids/bid-answer.ts'),
      abs('server/commands/bids/batch-keys.ts'),
      abs('server/commands/bids/bid-types.ts'),
    ],
    from: abs('server/repositories'),
    message: 'A decider imports no repository: it decides on server/domain shapes.',
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
      // Which files import-x reads to follow imports (no-cycle walks them): without these it
      // reads only .js files and sees no cycle among ours.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', 'server/tsconfig.json', 'sw/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // No import cycles (docs/architecture.md): a cycle makes evaluation order decide what is
      // defined. Packages are not followed (ignoreExternal), which keeps the walk to our files.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
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
    // Its tests share the real-time test kit in tests/ (docs/testing.md); the service itself
    // still reaches nothing outside its folder.
    files: ['server/realtime/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any path out of the folder, unless it goes up to tests/ and stays there.
              regex: '^(?!(?:\\.\\./)+tests/(?!.*\\.\\.))\\.\\./',
              message: 'Real-time tests import the service and the test kit in tests/ only.',
            },
          ],
        },
      ],
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
