import { z } from "zod";

/**
 * Zod 4 compiles object parsers with `new Function` when it may, and finds out by trying once.
 * Under the dashboard's CSP (no 'unsafe-eval') that try is blocked and, though zod catches it,
 * the browser reports a CSP violation on every page. In the browser zod is told not to try;
 * the server keeps the faster compiled parsers (no CSP applies there).
 */
if (typeof window !== "undefined") z.config({ jitless: true });
