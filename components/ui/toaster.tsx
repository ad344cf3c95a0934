"use client";

import { usePathname } from "next/navigation";
import { useCallback, useSyncExternalStore } from "react";
import { Toaster as Sonner } from "sonner";

/** Room between the header's foot and the first notice. */
const GAP = 8;

/** The page's header: the shell's banner, the first `header` of the document. */
const headerHeight = () => document.querySelector("header")?.getBoundingClientRect().height ?? 0;

/**
 * The height of the page's header, followed as it wraps; 0 on a page without one (sign in).
 * Subscribed again on each navigation, as the header comes and goes.
 */
function useHeaderHeight(): number {
  const pathname = usePathname();
  const subscribe = useCallback(
    (onChange: () => void) => {
      // Bound to the page: a navigation may bring the header or take it away (sign in).
      void pathname;
      const header = document.querySelector("header");
      if (!header) return () => {};
      const observer = new ResizeObserver(onChange);
      observer.observe(header);
      return () => observer.disconnect();
    },
    [pathname],
  );
  return useSyncExternalStore(subscribe, headerHeight, () => 0);
}

/**
 * Notices with no place in the page: live updates, an outcome said on the page a navigation
 * led to, a failure of the app itself. What a page's own action did is said in the page
 * beside its controls (components/ui/action-status.tsx). The notices stack at the top, under
 * the header: the foot of the screen is where the forms' action bars stay pinned, and the
 * header holds the shell's controls. They are announced (the toaster is a polite live region),
 * close with their own button, and Alt+T takes the keyboard to them.
 */
export function Toaster() {
  const top = useHeaderHeight() + GAP;
  return <Sonner position="top-center" closeButton offset={{ top }} mobileOffset={{ top }} />;
}
