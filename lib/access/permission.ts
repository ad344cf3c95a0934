/**
 * Whether the caller may do one thing and, when not, why in words: every page disables what
 * the service would refuse and says the reason beside it, so the shape is shared by all.
 */
export type Permission = { allowed: true } | { allowed: false; reason: string };
