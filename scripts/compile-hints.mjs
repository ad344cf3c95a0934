/**
 * Marks every script the build serves with V8's explicit compile hint, the magic comment
 * `//# allFunctionsCalledOnLoad` on a file's first line. Run after `next build` (by
 * `npm run build` and scripts/build-if-needed.mjs); `node scripts/compile-hints.mjs` marks the
 * current build.
 *
 * Why: without it, the browser compiles each function of a script the first time it is called,
 * on the main thread. On a cold load that is every module the page evaluates, and it made the
 * evaluation of the framework's chunk the longest task of the load. With the hint, Chromium
 * (136 and later) compiles the file's functions while streaming it, on a background thread.
 * Other browsers read a comment. See docs/page-budgets-decisions.md, "Performance mechanisms".
 *
 * Every file under `static/chunks` is marked, parts fetched on intent included: telling them
 * apart would mean reading Next's private build manifests, which change between versions, and
 * a part fetched on intent is compiled off the main thread like the rest.
 *
 * The files change after the build named them, so their names no longer hash their bytes;
 * nothing reads them that way (no subresource integrity here), and the next build rewrites them.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Every script file the build serves: the `.js` files under `static/chunks`, at any depth. */
export function builtScripts(distDir = ".next") {
  const chunks = path.join(distDir, "static", "chunks");
  return readdirSync(chunks, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => path.join(chunks, file));
}

/** Puts the hint on each built script that lacks it; answers how many files and bytes it marked. */
export function markBuiltScripts(distDir = ".next") {
  let marked = 0;
  let bytes = 0;
  for (const file of builtScripts(distDir)) {
    const source = readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    marked += 1;
    bytes += Buffer.byteLength(source);
  }
  return { marked, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { marked, bytes } = markBuiltScripts(process.argv[2] ?? ".next");
  console.log(`Compile hints: ${marked} script files marked (${(bytes / 1024).toFixed(0)} KiB).`);
}
