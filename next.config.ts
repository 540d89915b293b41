import type { NextConfig } from 'next';
import { staticSecurityHeaders } from './lib/security/headers';

const nextConfig: NextConfig = {
  // A separate build folder per process lets parallel test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'pg', 'sharp'],
  async headers() {
    return [{ source: '/:path*', headers: [...staticSecurityHeaders] }];
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    deviceSizes: [360, 480, 640, 828, 1080, 1280, 1600],
  },
};

export default nextConfig;
