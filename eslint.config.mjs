import { readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Component folders every feature may use; every other folder under components/ is a feature's own. */
const SHARED_COMPONENTS = ["ui", "charts", "shell"];
const componentFeatures = readdirSync("components", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_COMPONENTS.includes(entry.name))
  .map((entry) => entry.name);

/** lib folders every feature may use; every other folder under lib/ is a feature's own. */
const SHARED_LIB = [
  "access",
  "display",
  "format",
  "forms",
  "metrics",
  "queries",
  "security",
  "server",
  "shell",
  "svc",
];
const libFeatures = readdirSync("lib", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_LIB.includes(entry.name))
  .map((entry) => entry.name);

/**
 * The modules of a feature's lib that other features read: its queries (one query key, one
 * cache entry, whoever shows it), the portfolio's index and filters, the custom-rate rules
 * the portfolio calendar applies in bulk, and the pace table's periods and pickup windows (a
 * listing's workspace and the Overview show pace too). Everything else in a feature's lib is
 * its own.
 */
const PUBLIC_LIB = [
  "alerts/count.ts",
  "alerts/delivery-settings.ts",
  "alerts/delivery-settings-queries.ts",
  "alerts/outgoing-webhook.ts",
  "alerts/outgoing-webhook-queries.ts",
  "alerts/queries.ts",
  "alerts/words.ts",
  "api-keys/queries.ts",
  "listing/queries.ts",
  "listing/kpis/queries.ts",
  "listing/records/queries.ts",
  "listing/calendar/applied.ts",
  "listing/calendar/queries.ts",
  "listing/custom-rates/bulk.ts",
  "listing/custom-rates/guardrails.ts",
  "listing/custom-rates/permission.ts",
  "listing/custom-rates/queries.ts",
  "listing/custom-rates/words.ts",
  "listings/csv.ts",
  "listings/filters.ts",
  "listings/listing-filters.ts",
  "listings/mirror-listings.ts",
  "listings/search.ts",
  "listings/portfolio-index.ts",
  "listings/queries.ts",
  "market/bedrooms.ts",
  "notifications/count.ts",
  "notifications/queries.ts",
  "pace/queries.ts",
  "pace/scope.ts",
  "sets/queries.ts",
  "pace/table.ts",
  "segments/queries.ts",
  "sync/display.ts",
  "sync/mirror-calendars.ts",
  "sync/queries.ts",
  "team/queries.ts",
  "webhooks/dashboard-queries.ts",
];

/** Refused: Next's link, which prefetches on sight; the dashboard's prefetches on intent. */
const NEXT_LINK = {
  name: "next/link",
  message: "Use Link from @/components/ui/link, which prefetches on intent rather than on sight.",
};

/** Refused: an import that is not by the root path. */
const RELATIVE_IMPORT = { regex: "^\\.\\.?/", message: "Import by the root path: @/lib/…, @/components/…" };

/**
 * Refused in a feature's code (its lib and its components): another feature's lib module that
 * is not one of its public ones. A plain pattern on the import's text, which the linter checks
 * in no time, where a path rule with this many exceptions resolved each one on disk.
 */
function otherFeaturesLib(feature) {
  const allowedFolders = [feature, ...SHARED_LIB].join("|");
  const publicModules = PUBLIC_LIB.map((part) => part.replace(/\.tsx?$/, "")).join("|");
  return {
    regex: `^@/lib/(?!(?:${allowedFolders})/)(?!(?:${publicModules})$)`,
    message:
      "A feature uses its own lib, the shared lib folders and other features' public modules (PUBLIC_LIB in eslint.config.mjs).",
  };
}

/**
 * The parts a feature offers the others: its public face. Everything else in a feature's
 * folder is its own. The listing workspace's batch tools serve the portfolio and its calendar;
 * the portfolio's table and tags editor serve a segment's page and a listing's records; the
 * pace table and its market note serve a listing's pace.
 */
const PUBLIC_PARTS = [
  "listing/preferences/batch-preferences-dialog.tsx",
  "listing/preferences/batch-preferences-button.tsx",
  "listing/custom-rates/bulk-custom-rates-dialog.tsx",
  "listing/custom-rates/bulk-rate-label.ts",
  "listing/custom-rates/bulk-results.tsx",
  "listings/listing-search.tsx",
  "listings/listings-table.tsx",
  "listings/selection-toolbar.tsx",
  "listings/tags-edit.tsx",
  "pace/market-note.tsx",
  "pace/pace-filters.tsx",
  "pace/pace-table.tsx",
  "webhooks/deliveries-table.tsx",
];

/**
 * Next's presets, plus the rules that keep the structure: no import circle; layers that never
 * point upwards (lib is below components, which are below app); and a feature's code (its
 * components and its lib) never reaches into another feature's but for that feature's public
 * parts (a page in app/ composes features; a piece two features share lives in a shared folder).
 *
 * The import rules resolve `@/…` through Next's own resolver settings (the TypeScript resolver
 * reads tsconfig.json's paths). A second TypeScript resolver setting beside Next's made the
 * resolver rebuild its path mappers, a walk of every source file, on each import: the full run
 * took three and a half minutes instead of one and a quarter.
 */
export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/**", "components/**", "app/**", "sandbox/**", "instrumentation.ts", "proxy.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
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
      "no-restricted-imports": ["error", { paths: [NEXT_LINK], patterns: [RELATIVE_IMPORT] }],
    },
  },
  // A feature's lib and components: the import style, and no other feature's lib internals.
  ...[...new Set([...libFeatures, ...componentFeatures])].map((feature) => ({
    files: [`lib/${feature}/**`, `components/${feature}/**`],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [NEXT_LINK], patterns: [RELATIVE_IMPORT, otherFeaturesLib(feature)] },
      ],
    },
  })),
  {
    // The one module that wraps Next's link.
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [RELATIVE_IMPORT] }] },
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
