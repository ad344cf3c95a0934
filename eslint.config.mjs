import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Component folders every feature may use; every other folder under components/ is a feature's own. */
const SHARED_COMPONENTS = ["ui", "charts", "shell"];
const componentFeatures = readdirSync("components", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_COMPONENTS.includes(entry.name))
  .map((entry) => entry.name);

/**
 * The parts a feature offers the others: its public face. Everything else in a feature's
 * folder is its own. The listing workspace's batch tools serve the portfolio and its calendar;
 * the portfolio's table and tags editor serve a segment's page and a listing's records.
 */
const PUBLIC_PARTS = [
  "listing/preferences/batch-preferences-dialog.tsx",
  "listing/preferences/batch-preferences-button.tsx",
  "listing/custom-rates/bulk-custom-rates-dialog.tsx",
  "listing/custom-rates/bulk-rate-label.ts",
  "listing/custom-rates/bulk-results.tsx",
  "listings/listings-table.tsx",
  "listings/tags-edit.tsx",
];

/**
 * Next's presets, plus the rules that keep the structure: no import circle; layers that never
 * point upwards (lib is below components, which are below app); and a feature's components
 * never reach into another feature's (a page in app/ composes features; a piece two features
 * share lives in a shared folder).
 */
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/**", "components/**", "app/**", "sandbox/**", "instrumentation.ts", "proxy.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
    },
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib",
              from: ["./components", "./app"],
              message: "lib is below components and app: move what both need into lib.",
            },
            {
              target: "./components",
              from: "./app",
              message: "components are below app: pass what a component needs as props.",
            },
            ...componentFeatures.map((feature) => ({
              target: `./components/${feature}`,
              from: "./components",
              except: [
                `./${feature}`,
                ...SHARED_COMPONENTS.map((shared) => `./${shared}`),
                ...PUBLIC_PARTS.map((part) => `./${part}`),
              ],
              message:
                "A feature's components use their own, the shared ones (ui, charts, shell) and other features' public parts (PUBLIC_PARTS).",
            })),
            {
              target: ["./lib", "./components", "./app"],
              from: ["./e2e", "./bench", "./test-support", "./scripts"],
              message: "Production code never imports tests, benchmarks or scripts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/**", "components/**", "app/**", "instrumentation.ts", "proxy.ts"],
    rules: {
      // One import style: every module by its path from the root, so a file reads the same
      // wherever it moves and a search for a module finds every importer.
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\.?/", message: "Import by the root path: @/lib/…, @/components/…" }] },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-bench/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
