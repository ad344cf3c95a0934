// The benchmark pages (app/bench/*/page.bench.tsx) are routes only in the benches' own build,
// kept apart in .next-bench (scripts/build-if-needed.mjs): the production build has none.
const benchPages = process.env.ENABLE_BENCH_PAGES === "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir: benchPages ? ".next-bench" : ".next",
  pageExtensions: benchPages ? ["bench.tsx", "tsx", "ts", "jsx", "js"] : ["tsx", "ts", "jsx", "js"],
  poweredByHeader: false,
  reactStrictMode: true,
  // better-sqlite3 is a native module: keep it out of the server bundle.
  serverExternalPackages: ["better-sqlite3"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
