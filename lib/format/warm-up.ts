import { formatCount } from "@/lib/format/numbers";
import { switchedOff } from "@/lib/perf/switches";

/**
 * A renderer's first number format loads the locale's data: 10 to 20 ms in Chromium here,
 * spent inside whichever render first shows a figure (on the calendars, the render of the
 * service's answer). Formatting one number while the page waits for its answers, in an idle
 * moment of its own, leaves every later format well under a millisecond. Returns the cancel.
 */
export function warmNumberFormats(): () => void {
  if (switchedOff("warm-up")) return () => {};
  // Through the shared module, so the format made here is one a page goes on to use.
  const warm = () => void formatCount(0);
  // Safari has no idle callbacks: a task of its own is the next best place.
  if (typeof window.requestIdleCallback !== "function") {
    const id = window.setTimeout(warm, 0);
    return () => window.clearTimeout(id);
  }
  // The timeout only bounds a page that is never idle.
  const id = window.requestIdleCallback(warm, { timeout: 2_000 });
  return () => window.cancelIdleCallback(id);
}
