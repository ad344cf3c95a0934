"use client";

import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

type LinkProps = Omit<ComponentProps<typeof NextLink>, "prefetch">;

/**
 * The dashboard's link: Next's client-side navigation, prefetched on intent (the pointer over
 * it, a keyboard focus, a touch) rather than on sight. Next's default prefetches every link as
 * it scrolls into view: the navigation's ten sections cost twenty server renders on every page
 * load, and a table of listings one more per row it shows, for pages a reader mostly never
 * opens. A hover comes a few hundred milliseconds before the click, which is enough to have
 * the next page's shell ready.
 */
export function Link({ onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      // null is Next's default prefetch, which it starts once the link is wanted.
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
