/**
 * The walls between sweep's wings (ARCHITECTURE.md): who may import whom. Checked by
 * test/architecture/walls.unit.test.ts in every test run, and by hand with `npm run walls`.
 * Type-only imports count: a type is a dependency too.
 */
const PRODUCT = '^(src/product/|workflows/|activities/|worker\\.ts$)';
const LOCAL_SERVICE = '^src/local-service/';
const TOOLING = '^src/tooling/';
const ENTRY_POINTS = '^(src/main\\.ts$|bin/|scripts/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No circles between files: a circle makes load order matter and hides which module is the lower one.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment: 'No circles between folders either (dependency-cruiser\'s folder scope; the walls test adds sibling folders taken whole).',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-imports-nothing-of-ours',
      comment: 'src/common is the small shared ground every wing stands on; it leans on none of them.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^(src/(?!common/)|workflows/|activities/|worker\\.ts$|bin/|scripts/)' },
    },
    {
      name: 'wire-imports-only-common',
      comment: 'The wire (the planning API contract and its typed client) is shared by the product and the local service, so it imports neither.',
      severity: 'error',
      from: { path: '^src/wire/' },
      to: { path: '^(src/(?!wire/|common/)|workflows/|activities/|worker\\.ts$|bin/|scripts/)' },
    },
    {
      name: 'product-reaches-a-service-only-through-the-client',
      comment: 'The product talks to any planning service, the deployed one or the local one, over HTTP through src/wire/client: never to the local service\'s code.',
      severity: 'error',
      from: { path: PRODUCT },
      to: { path: LOCAL_SERVICE },
    },
    {
      name: 'local-service-is-not-the-product',
      comment: 'The local planning service stands in for the deployed one: it knows the wire, not the studies that call it.',
      severity: 'error',
      from: { path: LOCAL_SERVICE },
      to: { path: PRODUCT },
    },
    {
      name: 'optimiser-below-the-server',
      comment: 'The server imports the optimiser, never the reverse: the optimiser owns its input settings, its port and its output writer.',
      severity: 'error',
      from: { path: '^src/local-service/optimiser/' },
      to: { path: '^src/local-service/(server|commands)/' },
    },
    {
      name: 'specs-workbook-below-server-and-optimiser',
      comment: 'The specs workbook format is read and written by the server and the optimiser alike, so it imports neither.',
      severity: 'error',
      from: { path: '^src/local-service/specs-workbook/' },
      to: { path: '^src/local-service/(server|optimiser|commands)/' },
    },
    {
      name: 'scenario-model-at-the-bottom',
      comment: 'The scenario model (the resources as stored, written and solved) is what the rest of the local service is built on.',
      severity: 'error',
      from: { path: '^src/local-service/scenario-model/' },
      to: { path: '^src/local-service/(?!scenario-model/)' },
    },
    {
      name: 'server-not-its-commands',
      comment: 'The commands start the server; the server does not know how it was started.',
      severity: 'error',
      from: { path: '^src/local-service/(server|optimiser|specs-workbook|scenario-model)/' },
      to: { path: '^src/local-service/commands/' },
    },
    {
      name: 'nothing-imports-tooling',
      comment: 'Benchmarks, chaos runs, the test harness and the demo may use anything; nothing of the system depends on them.',
      severity: 'error',
      from: { path: '^(src/(?!tooling/)|workflows/|activities/|worker\\.ts$)', pathNot: '^src/main\\.ts$' },
      to: { path: TOOLING },
    },
    {
      name: 'nothing-imports-an-entry-point',
      comment: 'src/main.ts (the sweep command), bin/ and scripts/ assemble the wings; nothing builds on them.',
      severity: 'error',
      from: { pathNot: ENTRY_POINTS },
      to: { path: ENTRY_POINTS },
    },
    {
      name: 'activities-do-not-import-workflows',
      comment: 'Workflows schedule activities (and import their types); an activity that imported a workflow would close a circle.',
      severity: 'error',
      from: { path: '^activities/' },
      to: { path: '^workflows/' },
    },
    {
      name: 'workflows-import-only-deterministic-code',
      comment: 'Workflow code replays: it may use pure study logic and activity types, not the CLI, Temporal tooling, the report, the client or Node\'s I/O.',
      severity: 'error',
      from: { path: '^workflows/' },
      to: { path: '^(src/product/(cli|temporal|report)/|src/wire/client/|worker\\.ts$)' },
    },
    {
      name: 'workflows-no-node-io',
      comment: 'Temporal\'s workflow sandbox has no file system, network or clock of its own.',
      severity: 'error',
      from: { path: '^workflows/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test)/' },
  },
};
