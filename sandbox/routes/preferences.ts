import type { RouteTable } from "../context";

/** Not built yet: every endpoint of this group answers 501 until its handlers land here. */
export const preferenceRoutes: RouteTable = {};
