import { Link } from "@/components/ui/link";

/**
 * A listing the page knows by its svc id, linked to its workspace: by its name when the page
 * knows it, else as "Listing 1000034", so that the id still reads as a listing's.
 */
export function ListingLink({
  svcId,
  name,
  onNavigate,
}: {
  svcId: string;
  name?: string;
  onNavigate?: () => void;
}) {
  return (
    <Link
      href={`/listings/${encodeURIComponent(svcId)}`}
      onClick={onNavigate}
      className="text-xs font-medium text-brand-700 hover:underline"
    >
      {name ?? `Listing ${svcId}`}
    </Link>
  );
}
