import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { builtScripts, COMPILE_HINT, markBuiltScripts } from "./compile-hints.mjs";

/** A build's shape, as `next build` writes it: scripts and a stylesheet under static/chunks. */
let dist: string;
const chunk = (name: string) => path.join(dist, "static/chunks", name);
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const body = (name: string) => `(globalThis.TURBOPACK||[]).push(["${name}"]);`;

beforeEach(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  for (const name of ["framework.js", "sets-page.js", "dialog-on-intent.js", "pages/_app.js"])
    write(chunk(name), body(name));
  write(chunk("styles.css"), "body{margin:0}");
  write(path.join(dist, "server/app/page.js"), "module.exports = {};");
});

describe("compile hints on the built scripts", () => {
  it("names every script under static/chunks, at any depth, and no stylesheet or server file", () => {
    expect(
      builtScripts(dist)
        .map((file) => path.relative(dist, file))
        .sort(),
    ).toEqual(
      ["dialog-on-intent.js", "framework.js", "pages/_app.js", "sets-page.js"].map((name) =>
        path.join("static/chunks", name),
      ),
    );
  });

  it("puts the hint on the first line of each script and leaves the rest of its text as it was", () => {
    expect(markBuiltScripts(dist).marked).toBe(4);
    expect(readFileSync(chunk("sets-page.js"), "utf8")).toBe(`${COMPILE_HINT}${body("sets-page.js")}`);
    expect(readFileSync(chunk("pages/_app.js"), "utf8").startsWith("//# allFunctionsCalledOnLoad\n(")).toBe(
      true,
    );
    expect(readFileSync(chunk("styles.css"), "utf8")).toBe("body{margin:0}");
    expect(readFileSync(path.join(dist, "server/app/page.js"), "utf8")).toBe("module.exports = {};");
  });

  it("marks a file once however often it runs", () => {
    markBuiltScripts(dist);
    expect(markBuiltScripts(dist)).toEqual({ marked: 0, bytes: 0 });
    expect(readFileSync(chunk("framework.js"), "utf8").split("allFunctionsCalledOnLoad")).toHaveLength(2);
  });
});
