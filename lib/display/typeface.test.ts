import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";

/**
 * The typeface every page is drawn in (app/typeface.ts) is a subset we make
 * (scripts/subset-typeface.mjs). A character it lacks is drawn from the system's fonts, which
 * costs a round trip to the browser process for each: the very cost the face removes. So every
 * character the interface writes, and the reference service's names carry, must be in it.
 */
const ROOT = path.resolve(__dirname, "../..");
const face = fontkit.create(
  readFileSync(path.join(ROOT, "app/fonts/inter-variable-subset.woff2")),
) as fontkit.Font;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the typeface", () => {
  it("has a glyph for every character the interface and the reference service's data write", () => {
    const written = new Set<string>();
    for (const dir of ["app", "components", "lib", "sandbox"])
      for (const file of sourceFiles(path.join(ROOT, dir)))
        for (const char of readFileSync(file, "utf8").match(/[^\x00-\x7f]/gu) ?? []) written.add(char);
    const missing = [...written].filter((char) => !face.hasGlyphForCodePoint(char.codePointAt(0)!));
    expect(written.size).toBeGreaterThan(10);
    expect(missing.map((char) => `${char} U+${char.codePointAt(0)!.toString(16).toUpperCase()}`)).toEqual([]);
  });

  it("covers Latin names of places and hosts beyond the ones seeded", () => {
    for (const name of ["Zürich", "Kraków", "Łódź", "São Paulo", "Győr", "Ærøskøbing", "Çeşme"])
      for (const char of name)
        expect(face.hasGlyphForCodePoint(char.codePointAt(0)!), `${char} of ${name}`).toBe(true);
  });

  it("draws every weight from one file and has tabular figures for columns of numbers", () => {
    expect(face.variationAxes.wght).toMatchObject({ min: 100, max: 900 });
    expect(face.availableFeatures).toContain("tnum");
  });
});
