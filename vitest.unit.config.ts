import { defineConfig } from 'vitest/config';

// The fast lane (`npm run test:unit`): tests of pure code, named *.unit.test.ts, with no Temporal
// server, planning service or browser. The full suite (vitest.config.ts) runs them too.
export default defineConfig({
  test: {
    include: ['test/**/*.unit.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
