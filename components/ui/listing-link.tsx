import { Link } from "@/components/ui/link";

/** The listing a notification names, linked to its workspace (`listing_id` is a svc id). */
export function ListingLink({ svcId, onNavigate }: { svcId: string; onNavigate?: () => void }) {
  return (
    <Link
      href={`/listings/${svcId}`}
      onClick={onNavigate}
      className="whitespace-nowrap text-xs font-medium text-brand-700 hover:underline"
    >
      Open listing {svcId}
    </Link>
  );
}
