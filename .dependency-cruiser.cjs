/**
 * The architecture in writing (DESIGN.md): arrows run one way,
 *   contract/ ← backend/ ← lib/backend/ (the one door) ← lib/ ← components/ ← app/
 * and, above the code, test/support/ ← scripts/ ← e2e/ (scripts/support/ holds what the specs and
 * the benchmark share). Inside backend/, folders are layered (below) and lib/ enters through
 * backend/index.ts only. Checked in CI (scripts/test.sh, `npm run architecture`); each folder rule
 * is shown to fail on a probe by test/architecture/folder-rules.test.ts.
 * Tests are held to the same arrows as the code they sit beside, except that a test may use the
 * test support of its own room; e2e/ and scripts/ drive the whole system from outside and may
 * reach into the backend.
 */
const TEST = '\\.test\\.tsx?$';
/** Unit and integration tests, and the one home of their helpers (test/support/). */
const TESTS = [TEST, '^test/', '^backend/test/'];

/**
 * The built-in backend's folders, in layers (backend/README.md says what each holds):
 * - the base: kernel/ (what several features need: results and messages, keyed JSON routes and the
 *   form flow, canonical email, ids, signing, the seams' types...), db/ (schema, migrations) and
 *   payments/ (the payment providers' adapters). The base imports nothing above it.
 * - the shared services, in order: each may import the base and the services before it, never a
 *   feature: the outbox and the mail it delivers (whose kinds the features register), the audit
 *   log, staff sessions, the edition and its counter, images, stored content, CSV exports.
 * - the features: each imports the base, the services and its own folder, never another feature:
 *   what one needs of another goes through a seam (kernel/seams.ts) wired by the composition root.
 * - the composition root: backend/*.ts (app.ts, start.ts, server.ts, http-server.ts, index.ts — the
 *   one front —, mail-kinds.ts, seams.ts, personal-data.ts) and cli/: they may import anything of the backend.
 * Tests sit beside what they test and may reach across (the composition root builds their apps).
 */
const BACKEND_BASE = ['kernel', 'db', 'payments'];
const BACKEND_SERVICES = ['audit', 'auth', 'edition', 'outbox', 'mail', 'campaigns', 'media', 'content', 'export'];
const BACKEND_FEATURES = ['admin', 'backup', 'data-requests', 'donations', 'forms', 'health', 'inbox', 'newsletter', 'reports', 'tickets', 'waiting-list'];
const folders = (names) => `^backend/(${names.join('|')})/`;

/** One rule per shared service: the base and the services before it, nothing else of the backend. */
const serviceRules = BACKEND_SERVICES.map((service, i) => ({
  name: `backend-service-${service}-stays-below-features`,
  severity: 'error',
  comment: `backend/${service}/ is a shared service: it imports the base${i > 0 ? ` and ${BACKEND_SERVICES.slice(0, i).join(', ')}` : ''}, never a feature nor the composition root (so no cycle between the backend's folders).`,
  from: { path: `^backend/${service}/`, pathNot: TESTS },
  to: { path: '^backend/', pathNot: [`^backend/${service}/`, folders([...BACKEND_BASE, ...BACKEND_SERVICES.slice(0, i)])] },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, so no cycles between the top-level folders either.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-the-bottom',
      severity: 'error',
      comment: 'contract/ is imported by everyone and imports nothing of ours but itself (and no Next).',
      from: { path: '^contract/', pathNot: TEST },
      to: { pathNot: ['^contract/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'contract-tests-stay-in-the-contract',
      severity: 'error',
      from: { path: '^contract/.*\\.test\\.ts$' },
      to: { pathNot: ['^contract/', '^test/support/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'contract-and-backend-are-framework-free',
      severity: 'error',
      comment: 'The contract and the backend also run outside Next (the standalone backend, the CLI).',
      from: { path: ['^contract/', '^backend/'] },
      to: { path: ['^node_modules/next/', '^node_modules/react/', '^node_modules/react-dom/'] },
    },
    {
      name: 'backend-imports-contract-only',
      severity: 'error',
      comment: 'The built-in backend runs standalone too: it knows the contract, never the site or Next.',
      from: { path: '^backend/', pathNot: TESTS },
      to: { pathNot: ['^backend/', '^contract/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'backend-tests-stay-in-the-backend',
      severity: 'error',
      comment: 'Backend tests drive the backend and its contract, with the shared test support.',
      from: { path: '^backend/', pathNot: '^backend/.*(?<!\\.test\\.ts)$' },
      to: { pathNot: ['^backend/', '^contract/', '^test/support/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'backend-base-imports-only-the-base',
      severity: 'error',
      comment: 'kernel/, db/ and payments/ are what everything else stands on: they import nothing of the services, the features or the composition root; payments/ nothing of ours at all.',
      from: { path: folders(BACKEND_BASE), pathNot: TESTS },
      to: { path: '^backend/', pathNot: folders(BACKEND_BASE) },
    },
    {
      name: 'backend-payments-are-adapters',
      severity: 'error',
      from: { path: '^backend/payments/', pathNot: TESTS },
      to: { path: '^backend/', pathNot: '^backend/payments/' },
    },
    ...serviceRules,
    {
      name: 'backend-features-never-import-each-other',
      severity: 'error',
      comment:
        'A feature imports the base, the shared services and its own folder. What it needs of another feature comes through a seam (kernel/seams.ts, wired in app.ts and seams.ts); the mail it sends is registered in mail-kinds.ts.',
      from: { path: `^backend/(${BACKEND_FEATURES.join('|')})/`, pathNot: TESTS },
      to: { path: '^backend/', pathNot: ['^backend/$1/', folders([...BACKEND_BASE, ...BACKEND_SERVICES])] },
    },
    {
      name: 'no-folder-cycle-among-backend-features',
      severity: 'error',
      comment: 'Folder level (the per-file no-circular cannot see it): no backend feature folder reaches another that reaches it back, tests included.',
      scope: 'folder',
      from: { path: `^backend/(${BACKEND_FEATURES.join('|')})$` },
      to: { path: `^backend/(${BACKEND_FEATURES.join('|')})$`, circular: true },
    },
    {
      name: 'backend-folders-are-known',
      severity: 'error',
      comment: 'Every folder of backend/ is in one of the layers above: a new one is placed on purpose.',
      from: { path: '^backend/[^/]+/', pathNot: [folders([...BACKEND_BASE, ...BACKEND_SERVICES, ...BACKEND_FEATURES]), '^backend/(cli|test)/'] },
      to: {},
    },
    {
      name: 'only-the-composition-root-imports-the-app',
      severity: 'error',
      comment: 'backend/app.ts is built by start.ts, served by http-server.ts; tests build their own.',
      from: { path: '^backend/', pathNot: ['^backend/(start|http-server)\\.ts$', ...TESTS] },
      to: { path: '^backend/app\\.ts$' },
    },
    {
      name: 'the-backend-has-one-front',
      severity: 'error',
      comment:
        'The site (its door, lib/backend/) imports backend/index.ts and nothing else of the backend. e2e/, scripts/, test/ and tests that check the site against the built-in backend drive the system from outside (seeding, servers, test apps) and may reach further in.',
      from: { path: '^(lib|components|app|contract)/|^(proxy|instrumentation|next\\.config)\\.ts$', pathNot: TEST },
      to: { path: '^backend/', pathNot: '^backend/index\\.ts$' },
    },
    {
      name: 'no-import-back-up-between-top-level-folders',
      severity: 'error',
      comment:
        'Above the code (contract ← backend ← lib ← components ← app) come test/support/ ← scripts/ ← e2e/: scripts never import the end-to-end specs or their support (scripts/support/ holds what both use), nor does the unit tests\' support; a unit test may check e2e support itself.',
      from: { path: ['^scripts/', '^test/support/', '^(contract|backend|lib|components|app)/'] },
      to: { path: '^e2e/' },
    },
    {
      name: 'code-never-imports-scripts',
      severity: 'error',
      comment: 'scripts/ drive the system (bench, smoke, build checks); the code and the unit tests\' support never need them.',
      from: { path: ['^test/support/', '^(contract|backend|lib|components|app)/'], pathNot: TEST },
      to: { path: '^scripts/' },
    },
    {
      name: 'one-door-into-the-backend',
      severity: 'error',
      comment: 'Only lib/backend/ decides "external API_BASE_URL or built-in" and enters backend/.',
      from: { pathNot: ['^backend/', '^lib/backend/', '^e2e/', '^scripts/', '^test/'] },
      to: { path: '^backend/' },
    },
    {
      name: 'lib-is-below-the-ui',
      severity: 'error',
      comment: 'lib/ holds the site services; components/ and app/ use it, never the other way round.',
      from: { path: '^lib/' },
      to: { path: ['^components/', '^app/'] },
    },
    {
      name: 'components-never-import-app',
      severity: 'error',
      comment: 'Actions come in as props; form state types live in *-state.ts beside the component.',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
    {
      name: 'code-never-imports-tests-or-their-support',
      severity: 'error',
      from: { path: ['^(contract|backend|lib|components|app)/'], pathNot: TESTS },
      to: { path: [...TESTS, '^e2e/'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules' },
    exclude: { path: ['^\\.next', '^\\.vercel', '^data/', '^test-results', '^playwright-report'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
