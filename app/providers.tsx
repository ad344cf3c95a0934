"use client";

// First: before any schema parses in the browser (see the module).
import "@/lib/security/zod-without-eval";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { retryDelay, shouldRetry } from "@/lib/queries/retry";
import { createServiceRecovery, isUnreachable, serviceAnswers } from "@/lib/queries/service-recovery";
import { APPLIED_UNREADABLE } from "@/lib/svc/client";
import { isSvcError } from "@/lib/svc/errors";
import { Toaster } from "@/components/ui/toaster";

/** A BFF 401 means the session cookie expired or was tampered with: back to sign-in. */
function onServiceError(error: unknown) {
  if (isSvcError(error) && error.status === 401 && typeof window !== "undefined") {
    // A full load on purpose: it drops every cached query of the ended session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/sign-in?expired=1");
  }
}

function makeQueryClient() {
  // The service unreachable: watch for its return, then fetch again what failed on open pages.
  const recovery = createServiceRecovery({
    probe: serviceAnswers,
    onBack: () => {
      void client.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });
    },
  });
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        onServiceError(error);
        if (typeof window !== "undefined" && isUnreachable(error)) recovery.noticeFailure();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onServiceError(error);
        // The service applied the change but its answer could not be read: what the pages
        // show is re-read from the service, so the change appears as the service holds it.
        if (isSvcError(error) && error.code === APPLIED_UNREADABLE) {
          void client.invalidateQueries();
          toast.info(error.message);
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
      mutations: { retry: shouldRetry, retryDelay },
    },
  });
  return client;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <NuqsAdapter>{children}</NuqsAdapter>
      <Toaster />
    </QueryClientProvider>
  );
}
