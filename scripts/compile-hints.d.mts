/** Types of compile-hints.mjs (plain JavaScript, run by `npm run build` without a compiler). */
export const COMPILE_HINT: string;
export function builtScripts(distDir?: string): string[];
export function markBuiltScripts(distDir?: string): { marked: number; bytes: number };
