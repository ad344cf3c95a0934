/**
 * Renders a dashboard component as a page would hold it: a real QueryClient (no retries, so a
 * refusal shows at once), and, for components that navigate, Next's router context with a
 * router that records where it was sent. The App Router itself cannot run outside Next; what
 * a component does with it is the call it makes, which the test reads.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import type { ReactElement } from "react";

export interface Navigation {
  /** Each call, as `push /path`, `replace /path`, `refresh`, `back`. */
  calls: string[];
}

export type Rendered = RenderResult & { user: UserEvent; queryClient: QueryClient; navigation: Navigation };

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderPage(ui: ReactElement, queryClient = newQueryClient()): Rendered {
  const navigation: Navigation = { calls: [] };
  const router = {
    push: (href: string) => void navigation.calls.push(`push ${href}`),
    replace: (href: string) => void navigation.calls.push(`replace ${href}`),
    refresh: () => void navigation.calls.push("refresh"),
    back: () => void navigation.calls.push("back"),
    forward: () => void navigation.calls.push("forward"),
    prefetch: () => {},
  };
  const user = userEvent.setup();
  const result = render(
    <AppRouterContext.Provider value={router as never}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AppRouterContext.Provider>,
  );
  return { ...result, user, queryClient, navigation };
}
