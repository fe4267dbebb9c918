/**
 * What a study reports while it runs: computed by pure code in src/product/study/progress.ts,
 * re-exported here for the code that reads it beside the workflows' messages (the CLI's views).
 */
export * from '../src/product/study/progress.js';
