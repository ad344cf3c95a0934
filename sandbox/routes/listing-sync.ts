import type { RouteTable } from "../context";

export const listingSyncRoutes: RouteTable = {};
