import { Badge } from "@/components/ui/badge";
import { accessWords } from "@/lib/access/listing-access";
import { channelRef } from "@/lib/display/channels";
import { ownerName } from "@/lib/display/owners";
import { PricingTier } from "@/components/listing/header/pricing-tier";
import { SyncButton } from "@/components/listing/header/sync-button";
import type { ListingTabProps } from "@/components/listing/tab-props";
import { PortfolioLink } from "@/components/shell/portfolio-link";

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Who and what the listing is, the caller's access in words, its plan and the sync action. */
export function WorkspaceHeader({ listing, readOnly }: ListingTabProps) {
  const access = accessWords(listing.access_level);
  const nickname = listing.listing_preferences.nickname;
  return (
    <header className="space-y-4" data-testid="listing-header">
      <nav aria-label="Breadcrumb" className="text-sm">
        <PortfolioLink href="/listings" className="text-brand-700 underline">
          Listings
        </PortfolioLink>
        <span aria-hidden="true" className="mx-1.5 text-slate-400">
          /
        </span>
        <span aria-current="page" className="text-slate-600">
          {listing.name}
        </span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold text-slate-900">{listing.name}</h1>
            {listing.is_active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}
            {listing.is_hidden ? (
              <Badge tone="amber" title="Hidden in the service's app">
                Hidden
              </Badge>
            ) : null}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {nickname ? (
              <>
                Nickname: <span className="text-slate-800">{nickname}</span>
              </>
            ) : (
              "No nickname"
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <PricingTier listing={listing} readOnly={readOnly} />
          <SyncButton listing={listing} readOnly={readOnly} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact term="Channel">{channelRef(listing)}</Fact>
        <Fact term="Market">{listing.market_name}</Fact>
        <Fact term="Bedrooms">{listing.bedrooms ?? "Unknown"}</Fact>
        <Fact term="Currency">{listing.currency}</Fact>
        <Fact term="Owner">
          <span title={listing.owner_user.email}>{ownerName(listing)}</span>
        </Fact>
        <Fact term="Your access">
          <span className="font-medium">{access.label}</span>
          <span className="block text-xs text-slate-600">{access.meaning}</span>
        </Fact>
      </dl>
      {readOnly ? (
        <p
          role="note"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Your API key is read-only: you can look at everything here, but every change is disabled.
        </p>
      ) : null}
    </header>
  );
}
