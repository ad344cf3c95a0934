"use client";

import { useEffect, useState } from "react";

/**
 * How long the night details rest on one listing before what they read of it live is read: a
 * pointer sweeping down the grid passes many rows, and each read is a request.
 */
const DWELL_MS = 400;

/** Whether the details have rested on this listing long enough to read it. */
export function useRestingOn(svcId: string): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(svcId), DWELL_MS);
    return () => clearTimeout(timer);
  }, [svcId]);
  return settled === svcId;
}
