/**
 * Marks the script files a page needs to start with V8's explicit compile hint, the magic
 * comment `//# allFunctionsCalledOnLoad` on a file's first line. Run after `next build` (by
 * `npm run build` and scripts/build-if-needed.mjs); `node scripts/compile-hints.mjs` marks the
 * current build.
 *
 * Why: without it, the browser compiles each function of a script the first time it is called,
 * on the main thread. On a cold load that is every module the page evaluates, and it made the
 * evaluation of the framework's chunk the longest task of the load. With the hint, Chromium
 * (136 and later) compiles the file's functions while streaming it, on a background thread.
 * Other browsers read a comment. Only first-load files are marked: the parts a page fetches on
 * intent (dialogs, menus) run a few of their functions, and compiling all of theirs ahead
 * would be work for nothing. See docs/page-budgets-decisions.md, "Compiled while it streams".
 *
 * The files change after the build named them, so their names no longer hash their bytes;
 * nothing reads them that way (no subresource integrity here), and the next build rewrites them.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The manifests' JSON, without running them: each is `globalThis.__RSC_MANIFEST["/…"] = {…};`. */
function manifestJson(file) {
  const source = readFileSync(file, "utf8");
  const start = source.indexOf("= {", source.indexOf("__RSC_MANIFEST["));
  if (start < 0) throw new Error(`${file} is not a client reference manifest.`);
  return JSON.parse(
    source
      .slice(start + 2)
      .trim()
      .replace(/;$/, ""),
  );
}

function findManifests(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findManifests(full));
    else if (entry.name.endsWith("_client-reference-manifest.js")) found.push(full);
  }
  return found;
}

/** Every script file some page loads before it starts: the framework's and each route's entries. */
export function firstLoadFiles(distDir = ".next") {
  const build = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  const files = new Set(build.rootMainFiles);
  for (const manifest of findManifests(path.join(distDir, "server", "app")))
    for (const list of Object.values(manifestJson(manifest).entryJSFiles ?? {}))
      for (const file of list) files.add(file);
  return [...files].filter((file) => file.endsWith(".js"));
}

/** Puts the hint on each first-load file that lacks it; answers how many files and bytes it marked. */
export function markFirstLoadFiles(distDir = ".next") {
  let marked = 0;
  let bytes = 0;
  for (const file of firstLoadFiles(distDir)) {
    const full = path.join(distDir, file);
    if (!existsSync(full)) throw new Error(`The build names ${file}, which is not in ${distDir}.`);
    const source = readFileSync(full, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(full, COMPILE_HINT + source);
    marked += 1;
    bytes += Buffer.byteLength(source);
  }
  return { marked, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { marked, bytes } = markFirstLoadFiles(process.argv[2] ?? ".next");
  console.log(`Compile hints: ${marked} first-load script files marked (${(bytes / 1024).toFixed(0)} KiB).`);
}
