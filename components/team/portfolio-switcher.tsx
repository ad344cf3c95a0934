"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { parseAsInteger, parseAsString, useQueryStates } from "nuqs";
import { useId } from "react";
import {
  activeMemberships,
  isListingsPath,
  isPortfolioPath,
  NARROWS_NOT_GRANTS,
  OWNER_PARAM,
  portfolioOptions,
  withOwner,
} from "@/lib/team/portfolio";
import { membershipsQuery } from "@/lib/team/queries";
import { useOwnerNames } from "@/components/team/owner-names";

/**
 * The shell's portfolio switcher: for someone in other teams, whose listings the Listings
 * pages show. It acts on the Listings pages only (elsewhere it would narrow nothing), so
 * it asks for the memberships there and nowhere else.
 */
export function PortfolioSwitcher() {
  const pathname = usePathname();
  return isListingsPath(pathname) ? <Switcher pathname={pathname} /> : null;
}

const params = { [OWNER_PARAM]: parseAsString, page: parseAsInteger };

function Switcher({ pathname }: { pathname: string }) {
  const id = useId();
  const router = useRouter();
  const memberships = useQuery(membershipsQuery());
  const names = useOwnerNames(memberships.data ?? []);
  const [state, setState] = useQueryStates(params);
  const owner = state[OWNER_PARAM];

  // Nobody else's team (or the list could not be read): nothing to switch between.
  if (!memberships.data || activeMemberships(memberships.data).length === 0) return null;
  const options = portfolioOptions(memberships.data, names, owner);

  function choose(value: string) {
    if (isPortfolioPath(pathname)) {
      // In place, like the owner filter: the table's page starts again at 1.
      void setState({ [OWNER_PARAM]: value || null, page: null });
    } else {
      router.push(withOwner("/listings", value || null));
    }
  }

  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-slate-600">
          Portfolio
        </label>
        <select
          id={id}
          value={owner ?? ""}
          onChange={(event) => choose(event.target.value)}
          aria-describedby={`${id}-note`}
          className="max-w-56 rounded-md border border-slate-300 bg-white px-2 py-0.5 text-sm"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-note`} className="text-xs text-slate-600">
        {NARROWS_NOT_GRANTS}
      </p>
    </div>
  );
}
