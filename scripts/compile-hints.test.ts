import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, firstLoadFiles, markFirstLoadFiles } from "./compile-hints.mjs";

/** A build's shape, as `next build` writes it: the root main files, a route's entries, a lazy part. */
let dist: string;
const chunk = (name: string) => path.join(dist, "static/chunks", name);
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  write(
    path.join(dist, "build-manifest.json"),
    JSON.stringify({ rootMainFiles: ["static/chunks/framework.js", "static/chunks/turbopack-runtime.js"] }),
  );
  const manifest = {
    entryJSFiles: {
      "[project]/app/(dashboard)/sets/page": ["static/chunks/sets-page.js", "static/chunks/styles.css"],
    },
  };
  write(
    path.join(dist, "server/app/(dashboard)/sets/page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/(dashboard)/sets/page"] = ${JSON.stringify(manifest)};\n`,
  );
  for (const name of ["framework.js", "turbopack-runtime.js", "sets-page.js", "dialog-on-intent.js"])
    write(chunk(name), `(globalThis.TURBOPACK||[]).push(["${name}"]);`);
});

describe("compile hints on the first-load script files", () => {
  it("names the framework's files and each route's entry scripts, not its styles", () => {
    expect(firstLoadFiles(dist).sort()).toEqual([
      "static/chunks/framework.js",
      "static/chunks/sets-page.js",
      "static/chunks/turbopack-runtime.js",
    ]);
  });

  it("puts the hint on the first line of each first-load file and leaves parts fetched on intent alone", () => {
    expect(markFirstLoadFiles(dist).marked).toBe(3);
    expect(readFileSync(chunk("sets-page.js"), "utf8")).toBe(
      `${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["sets-page.js"]);`,
    );
    expect(readFileSync(chunk("framework.js"), "utf8").startsWith("//# allFunctionsCalledOnLoad\n(")).toBe(
      true,
    );
    expect(readFileSync(chunk("dialog-on-intent.js"), "utf8")).not.toContain("allFunctionsCalledOnLoad");
  });

  it("marks a file once however often it runs", () => {
    markFirstLoadFiles(dist);
    expect(markFirstLoadFiles(dist)).toEqual({ marked: 0, bytes: 0 });
    expect(readFileSync(chunk("framework.js"), "utf8").split("allFunctionsCalledOnLoad")).toHaveLength(2);
  });

  it("stops with a sentence when the build names a file it does not hold", () => {
    write(
      path.join(dist, "build-manifest.json"),
      JSON.stringify({ rootMainFiles: ["static/chunks/framework.js", "static/chunks/gone.js"] }),
    );
    expect(() => markFirstLoadFiles(dist)).toThrow(/names static\/chunks\/gone\.js, which is not in/);
  });
});
