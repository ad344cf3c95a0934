/**
 * Setup of the component tests (the `components` project of vitest.config.ts, in jsdom):
 * jest-dom's matchers, a clean document after each test, the few browser APIs jsdom lacks
 * that Radix calls, and the page's fetch (dom-fetch.ts).
 */
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { answeredToPage, installPageFetch, sentFromPage } from "./dom-fetch";

// Without Vitest's globals, Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Radix measures with ResizeObserver and scrolls items into view; jsdom lays nothing out, so
// these answer nothing, as a browser would for an element of no size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Before any test file imports the dashboard's service client, which keeps the fetch it finds.
installPageFetch();
beforeEach(() => {
  sentFromPage.length = 0;
  answeredToPage.length = 0;
});
