"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { endSession } from "@/lib/shell/session";

/**
 * Signing out, wherever it starts (the header's button, revoking the key this session uses):
 * the session ends on the server, nothing read under it stays cached, and the page goes to
 * sign-in. Answers false, changing nothing, when the dashboard could not end it. Everywhere:
 * every session of this key ends, and the account's portfolio mirror is erased.
 */
export function useSignOut(): (options?: { everywhere?: boolean }) => Promise<boolean> {
  const router = useRouter();
  const queryClient = useQueryClient();
  return async (options = {}) => {
    try {
      await endSession(options);
    } catch {
      return false;
    }
    queryClient.clear();
    router.replace("/sign-in");
    router.refresh();
    return true;
  };
}
