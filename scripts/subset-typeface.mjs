/**
 * `node scripts/subset-typeface.mjs`: writes app/fonts/inter-variable-subset.woff2, the one
 * typeface file every page loads (app/typeface.ts), from the Inter package (SIL Open Font
 * License 1.1; the licence travels inside the font's name table).
 *
 * Why a subset of our own: the published Latin subset lacks the arrows and signs the interface
 * writes (→ ≤ ▲), and a missing glyph sends the browser to the system's fonts, the very cost a
 * self-hosted face removes (docs/page-budgets-decisions.md, "One typeface, shipped with the
 * pages"). The full face is 344 KiB; this one is under 50.
 *
 * Kept: the weight axis (100–900, one file for every weight the pages use); the optical size
 * axis pinned at text size; the layout features the pages rely on (kerning, contextual forms,
 * capital-height punctuation, tabular figures for every column of numbers).
 * lib/display/typeface.test.ts checks that each character the interface writes has a glyph.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = path.join(ROOT, "node_modules/inter-ui/variable/InterVariable.woff2");
const TYPEFACE_FILE = path.join(ROOT, "app/fonts/inter-variable-subset.woff2");

/** Unicode ranges kept, inclusive: Latin (names of places and hosts), punctuation, the signs. */
const RANGES = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x017f], // Latin-1 Supplement and Latin Extended-A: é ç ã ł ő × ± § ·
  [0x2000, 0x206f], // General Punctuation: – — ‘ ’ “ ” • … ‖ and the spaces
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2199], // arrows: ← ↑ → ↓ ↔
  [0x2212, 0x2212], // − (the minus sign of a signed change)
  [0x2248, 0x2248], // ≈
  [0x2260, 0x2265], // ≠ ≤ ≥
  [0x25b2, 0x25b2], // ▲
  [0x25bc, 0x25bc], // ▼
  [0x2713, 0x2713], // ✓
];
const FEATURES = ["kern", "calt", "ccmp", "locl", "mark", "mkmk", "liga", "case", "tnum", "rvrn"];

function characters() {
  let text = "";
  for (const [first, last] of RANGES)
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}

const subset = await subsetFont(readFileSync(SOURCE), characters(), {
  targetFormat: "woff2",
  variationAxes: { opsz: 14 },
  keepFeatures: FEATURES,
});
writeFileSync(TYPEFACE_FILE, subset);
console.log(`Wrote ${path.relative(ROOT, TYPEFACE_FILE)}: ${(subset.length / 1024).toFixed(1)} KiB.`);
