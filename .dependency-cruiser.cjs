/**
 * The architecture in writing (DESIGN.md): arrows run one way,
 *   contract/ ← backend/ ← lib/backend/ (the one door) ← lib/ ← components/ ← app/
 * Checked in CI (scripts/test.sh) with `npx depcruise --config .dependency-cruiser.cjs .`.
 * Tests are held to the same arrows as the code they sit beside, except that a test may use the
 * test support of its own room; e2e/ and scripts/ drive the whole system from outside and may
 * import anything.
 */
const TEST = '\\.test\\.tsx?$';
/** Unit and integration tests, and the one home of their helpers (test/support/). */
const TESTS = [TEST, '^test/', '^backend/test/'];

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
