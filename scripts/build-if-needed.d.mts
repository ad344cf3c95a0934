export function buildIfNeeded(options?: { force?: boolean }): void;
