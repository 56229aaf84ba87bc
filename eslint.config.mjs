import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

// Next's recommended rules (React, hooks, a11y, imports, Core Web Vitals), typescript-eslint's
// recommended set (what eslint-config-next/typescript brings), then Prettier's list of formatting
// rules turned off: Prettier owns the layout.
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // Dropping a key by destructuring the rest (`{ [key]: _dropped, ...others }`) is how this code omits one.
      '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true }],
    },
  },
  prettier,
  globalIgnores([
    '.next/**',
    'bench/static-next/.next/**',
    'dist/**',
    '.data/**',
    '.tmp/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
