import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: each TypeScript file is checked with the tsconfig that owns it (the root
    // tsconfig.json refers the project service to the test configurations).
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.mts'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
      // The package layers point one way: no module may reach itself through its imports.
      'import-x/no-cycle': 'error',
      // Another package is used through its exports, never through a relative path into it,
      // and never through its src/ or test/ folders.
      'import-x/no-relative-packages': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@citadel/[^/]+/(src|test)(/|$)',
              message: 'Import the package through its exports (package.json "exports").',
            },
          ],
        },
      ],
    },
  },
  {
    // JavaScript files and hand-written declarations of JavaScript modules belong to no
    // TypeScript project: no type-aware rules there.
    files: ['**/*.js', '**/*.mjs', '**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', 'scripts/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        performance: 'readonly',
        URL: 'readonly',
      },
    },
  },
);
