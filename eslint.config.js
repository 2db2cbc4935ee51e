// Lint: typescript-eslint's type-checked rules over every TypeScript file the project compiles.
// Formatting is Prettier's job (`npm run format`), so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layers } from './lint/layers.js';

export default tseslint.config(
  // .ci/runtime/: the second Node.js and the builds .ci/second-runtime installs there.
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'demo-output/', '.ci/runtime/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'bench/*.mjs', 'lint/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'always'],
      // An async function without await is how a throw becomes a rejection (renderers, handlers).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Conditions the types already decide, and non-null assertions (flagged, to be replaced by
    // checks where a value can really be missing). Tests declare harnesses that hooks assign, so
    // their optional chains stay.
    files: ['src/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/no-non-null-assertion': 'warn',
    },
  },
  {
    // The service and the storage: a value that must exist is checked once with a clear error, and a
    // write answers with the row it wrote (RETURNING) instead of a read after it that assumes it.
    files: ['src/game/**/*.ts', 'src/db/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  ...layers,
  {
    // Plain JavaScript run by node itself: the lint config, and the bench's preloaded profiler.
    files: ['eslint.config.js', 'lint/*.js', 'bench/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
