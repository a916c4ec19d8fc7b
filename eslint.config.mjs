import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Import boundaries (STYLE.md "Boundaries"), held by the linter from the first day. */
const APP_LAYERS = ["next", "next/*", "react", "react-dom", "@prisma/*", "inngest", "inngest/*", "@/*", "node:*", "pg", "@electric-sql/*"];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      "public/embed/player.js",
      "public/embed/character.js",
      ".next/**",
      "node_modules/**",
      "lib/db/generated/**",
      ".data*/**",
      "e2e/artifacts/**",
      "playwright-report/**",
      "test-results/**",
      "next-env.d.ts",
      ".workers/**",
    ],
  },
  {
    files: ["lib/kernel/**/*.ts"],
    ignores: ["lib/kernel/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: APP_LAYERS, message: "lib/kernel is pure: it imports zod and itself only." }] },
      ],
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "lib/kernel does no I/O." },
        { name: "Date", message: "lib/kernel reads no clock." },
      ],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "lib/kernel is deterministic." }],
    },
  },
  {
    // Floors run one way (docs/architecture.md): lib is below the routes, pages and components.
    files: ["lib/**/*.ts"],
    ignores: ["lib/**/*.test.ts", "lib/kernel/**", "lib/errors/**", "lib/reply/**", "lib/shared/**", "lib/paging/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/app/*", "@/components/*"],
              message: "lib/ is below app/ and components/: hand what it needs in (a parameter), never import upward.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/errors/**/*.ts", "lib/reply/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/*", "../*"], message: "lib/errors and lib/reply are the ground floor: they import nothing of the project." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/shared/**/*.ts"],
    ignores: ["lib/shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/*", "../*"],
              message: "lib/shared is the ground floor the browser and the server share: it imports nothing of the project.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/paging/**/*.ts"],
    ignores: ["lib/paging/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/(?!lib/errors$)",
              message: "lib/paging is on the ground floor: of the project it imports lib/errors only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/lib/(?!(kernel|shared)(/|$)|openapi/responses$|sim/browser$)",
              message:
                "components use lib/kernel, lib/shared, the simulator's browser core (lib/sim/browser) and the response types only; data comes through the API hooks.",
            },
            {
              group: ["@/lib/openapi/responses"],
              allowTypeImports: true,
              message:
                "components take the response schemas' types only (`import type`, z.infer in components/api/types.ts), never the schemas.",
            },
            { group: ["@prisma/*", "pg", "@electric-sql/*"], message: "components never touch the database." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/v1/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/lib/db", "@/lib/db/*", "@prisma/*"], message: "Route files are adapters: call a domain function, not Prisma." },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies on purpose.
    files: ["tests/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;
