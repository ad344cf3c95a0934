import type { SeedExtra } from "./types";

/** Seeds this group's own tables; runs after the core world is inserted. */
export const seedExtra: SeedExtra = () => {};
