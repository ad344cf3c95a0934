import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  resolveTheme,
  THEME_CHOICES,
  THEME_SCRIPT,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from "@/lib/display/theme";

/** Runs the inline script against a stand-in document, storage and system setting. */
function runScript(stored: string | null, systemDark: boolean, storageThrows = false) {
  const attributes: Record<string, string> = {};
  const listeners: string[] = [];
  const media = { matches: systemDark, addEventListener: (type: string) => listeners.push(`media:${type}`) };
  const window = {
    matchMedia: () => media,
    addEventListener: (type: string) => listeners.push(type),
  };
  runInNewContext(THEME_SCRIPT, {
    window,
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error("denied");
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    document: {
      documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
    },
  });
  return { theme: attributes["data-theme"], listeners };
}

describe("the theme in force", () => {
  it("is the choice, or the system setting when the choice is System", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
  });
});

describe("the script that sets the theme before first paint", () => {
  it.each(THEME_CHOICES.flatMap((choice) => [true, false].map((dark) => [choice, dark] as const)))(
    "agrees with resolveTheme for %s with the system dark: %s",
    (choice: ThemeChoice, systemDark: boolean) => {
      expect(runScript(choice, systemDark).theme).toBe(resolveTheme(choice, systemDark));
    },
  );

  it("follows the system when nothing, or something unknown, is stored", () => {
    expect(runScript(null, true).theme).toBe("dark");
    expect(runScript("purple", false).theme).toBe("light");
  });

  it("falls back to the system setting when storage is refused", () => {
    expect(runScript("dark", false, true).theme).toBe("light");
    expect(runScript("light", true, true).theme).toBe("dark");
  });

  it("keeps following the system setting and other tabs' choices", () => {
    expect(runScript("system", false).listeners).toEqual(["media:change", "storage"]);
  });
});
