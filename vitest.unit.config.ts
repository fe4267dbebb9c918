import { defineConfig } from 'vitest/config';

// The fast lane (`npm run test:unit`): tests of pure code, named *.unit.test.ts, with no Temporal
// server, planning service or browser, and nothing that renders whole reports, workbooks or plot
// files or solves with HiGHS (those are *.test.ts). The full suite (vitest.config.ts) runs them too.
//
// Run for speed: worker threads rather than processes, and without isolation, so each worker imports
// zod, echarts and exceljs once for all its files rather than once per file. The lane's tests keep no
// state between files (what one sets in process.env it puts back), and pass in any order
// (`--sequence.shuffle`). Every core: vitest's default leaves one free, which on two cores is one worker.
export default defineConfig({
  test: {
    include: ['test/**/*.unit.test.ts'],
    testTimeout: 30_000,
    pool: 'threads',
    isolate: false,
    maxWorkers: '100%',
  },
});
