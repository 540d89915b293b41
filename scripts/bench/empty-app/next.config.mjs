// The benchmark's baseline: an empty App Router page built by the same Next.js, to measure the
// framework's own floor (JS bytes, Lighthouse performance and TBT) in the same run as our pages.
import { fileURLToPath } from 'node:url';

// This file is used from its copy at .next-bench/empty-app/ (see scripts/bench.mjs): two levels below the repo.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const config = {
  distDir: '.next',
  poweredByHeader: false,
  turbopack: { root: repoRoot },
};

export default config;
