import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**'] }],
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
