// Stand-in for the `server-only` guard when plain Node (Vitest) loads server modules.
export {};
