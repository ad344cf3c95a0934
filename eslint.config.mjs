import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * Next's presets, plus the rules that keep the structure: no import circle, and layers that
 * never point upwards (lib is below components, which are below app).
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
