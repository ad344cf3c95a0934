import type { RouteTable } from "../context";

export const webhookRoutes: RouteTable = {};
