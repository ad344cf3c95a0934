import type { PageInfo } from "@/lib/queries/page-info";
import { Button } from "@/components/ui/button";

/** Previous / next over the service's pages; the page count only when the service sent a total. */
export function ServicePagination({
  page,
  info,
  onPage,
}: {
  page: number;
  info: PageInfo;
  onPage: (page: number) => void;
}) {
  if (!info.hasPrevious && !info.hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" disabled={!info.hasPrevious} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-current="page">
        Page {page}
        {info.pageCount !== null ? ` of ${info.pageCount}` : ""}
      </span>
      <Button variant="secondary" disabled={!info.hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
