// `npm run lint` (after `prettier --check`): typescript-eslint's recommended rules; Prettier owns the layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // A leading underscore names what is deliberately left unused (a destructured part dropped).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // vitest's TaskMeta is widened by declaration merging: an interface that only extends.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Terminal escapes and TLS record bytes are matched on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests and probes read answers of any shape; typing each would restate the specification.
    files: ['test/**', 'proof/probes/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
