import type { RouteTable } from "../context";

export const usageRoutes: RouteTable = {};
