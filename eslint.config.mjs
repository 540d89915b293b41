import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ['.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '.vercel/**'] },
  // The benchmark's SPA baseline is the seed's plain React app, not a Next page: Next's rules do not apply.
  { files: ['scripts/bench/spa/**'], rules: { '@next/next/no-html-link-for-pages': 'off', '@next/next/no-img-element': 'off' } },
];

export default config;
