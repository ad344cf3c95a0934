"use client";

import { useSearchParams } from "next/navigation";
import type { ComponentProps } from "react";
import { Link } from "@/components/ui/link";
import { OWNER_PARAM, withOwner } from "@/lib/team/portfolio";

/**
 * A link between Listings pages that keeps the portfolio chosen in the switcher (the `owner`
 * parameter), so opening a listing and coming back does not silently widen the view.
 */
export function PortfolioLink({
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, "href"> & { href: string }) {
  const owner = useSearchParams().get(OWNER_PARAM);
  return <Link {...props} href={withOwner(href, owner)} />;
}
