import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Import boundaries (STYLE.md "Boundaries"), held by the linter from the first day. */
const APP_LAYERS = ["next", "next/*", "react", "react-dom", "@prisma/*", "inngest", "inngest/*", "@/*", "node:*", "pg", "@electric-sql/*"];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ["public/embed/player.js", "public/embed/character.js", ".next/**", "node_modules/**", "lib/db/generated/**", ".data*/**", "e2e/artifacts/**", "playwright-report/**", "test-results/**", "next-env.d.ts"] },
  {
    files: ["lib/kernel/**/*.ts"],
    ignores: ["lib/kernel/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: APP_LAYERS, message: "lib/kernel is pure: it imports zod and itself only." }] }],
      "no-restricted-globals": ["error", { name: "fetch", message: "lib/kernel does no I/O." }, { name: "Date", message: "lib/kernel reads no clock." }],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "lib/kernel is deterministic." }],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@/lib/(?!(kernel|shared)(/|$)|openapi/responses$)", message: "components use lib/kernel, lib/shared and the response types only; data comes through the API hooks." },
            { group: ["@/lib/openapi/responses"], allowTypeImports: true, message: "components take the response schemas' types only (`import type`, z.infer in components/api/types.ts), never the schemas." },
            { group: ["@prisma/*", "pg", "@electric-sql/*"], message: "components never touch the database." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/v1/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/db", "@/lib/db/*", "@prisma/*"], message: "Route files are adapters: call a domain function, not Prisma." }] }],
    },
  },
  {
    // Tests read loosely typed JSON bodies on purpose.
    files: ["tests/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;
