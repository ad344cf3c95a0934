import localFont from "next/font/local";

/**
 * The dashboard's one typeface, served with its pages (scripts/subset-typeface.mjs makes the
 * file). Why not the system's fonts: a page's first layout asked the browser process to match
 * each family, weight and size it used, one round trip each, and on a busy machine that layout
 * was the longest task of the load (docs/page-budgets-decisions.md, "One typeface, shipped
 * with the pages"). A face of the page's own is drawn without asking.
 *
 * `optional` with the preload Next adds: the browser holds the first paint a moment for the
 * file (a few milliseconds from our own origin), and if it has not come, the page keeps the
 * system font for that load rather than reflowing when it arrives. No fallback face with
 * adjusted metrics: it would be looked up by name among the system's fonts, the cost avoided.
 */
export const typeface = localFont({
  src: "./fonts/inter-variable-subset.woff2",
  weight: "100 900",
  display: "optional",
  variable: "--font-typeface",
  adjustFontFallback: false,
});
