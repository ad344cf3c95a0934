import { proxyToService } from "@/lib/server/bff";

// Every method the contract uses; anything else gets Next's own 405.
export const GET = proxyToService;
export const POST = proxyToService;
export const PUT = proxyToService;
export const DELETE = proxyToService;
