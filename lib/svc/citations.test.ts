import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A clone holds only the repository: a citation of a file beside it (the specification the
// project was first written against) leads a reader nowhere. The interface is described in
// docs/interface.md and our answers to its gaps in docs/interface-decisions.md.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SELF = path
  .relative(ROOT, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join("/");
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|mdx|css|ya?ml|sh)$/;

/** Tracked source and doc files (those a clone has), this test itself left out. */
function trackedTextFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
  return out
    .split("\0")
    .filter((file) => TEXT.test(file) && file !== SELF && !file.endsWith("package-lock.json"))
    .filter((file) => existsSync(path.join(ROOT, file)));
}

/** `file:line: text` for every line of a tracked file that matches. */
function linesMatching(pattern: RegExp): string[] {
  const hits: string[] = [];
  for (const file of trackedTextFiles()) {
    const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
    lines.forEach((line, index) => {
      if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return hits;
}

describe("citations point inside the repository", () => {
  it("no tracked file cites ../shared/ or a spec/ file a clone does not have", () => {
    const outside = linesMatching(
      /\.\.\/shared\/|(^|[^\w/.-])spec\/(service-interface|interface-decisions)\.md/,
    );
    expect(
      outside,
      `cite docs/interface.md or docs/interface-decisions.md instead:\n${outside.join("\n")}`,
    ).toEqual([]);
  });

  it("no tracked file cites service-interface.md, which is not in the repository", () => {
    const missing = linesMatching(/service-interface(\.md|\s§)/);
    expect(missing, `cite docs/interface.md instead:\n${missing.join("\n")}`).toEqual([]);
  });

  it("every docs/<name>.md a tracked file cites exists", () => {
    const dangling: string[] = [];
    for (const hit of linesMatching(/\bdocs\/[\w.-]+\.md\b/)) {
      for (const [cited] of hit.matchAll(/\bdocs\/[\w.-]+\.md\b/g)) {
        if (!existsSync(path.join(ROOT, cited))) dangling.push(`${cited} ← ${hit}`);
      }
    }
    expect(dangling, `cited docs that do not exist:\n${dangling.join("\n")}`).toEqual([]);
  });
});
