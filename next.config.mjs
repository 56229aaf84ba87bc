import createNextIntlPlugin from 'next-intl/plugin';
import limits from './lib/limits/request-limits.json' with { type: 'json' };

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm run build` type-checks the app; tests and benchmarks are left to `npm run typecheck` (the
  // whole tree), so a test file can never stop `npm start`. The build `npm start` runs on a fresh
  // clone skips the check (BUILD_TYPECHECK=skip): a third of the first start's build, and
  // `npm test` and CI type-check the same sources anyway.
  typescript: {
    tsconfigPath: 'tsconfig.build.json',
    ignoreBuildErrors: process.env.BUILD_TYPECHECK === 'skip',
  },
  // PGlite ships a large WASM file; bundling it would copy it into public /_next/static.
  experimental: {
    // Two certificate-sized files (certificate and key) and a few fields; anything larger is refused
    // before parsing. The same number answers oversized posts in lib/page-cache (lib/limits).
    // Server actions also refuse requests whose Origin does not match the host (Next's CSRF check).
    serverActions: { bodySizeLimit: limits.serverActionBodyBytes },
  },
  // pdfkit loads its standard fonts' metrics from its own package at run time: never bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'prom-client', 'pdfkit'],
};

export default withNextIntl(nextConfig);
