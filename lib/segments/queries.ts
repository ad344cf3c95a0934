import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../queries/keys";
import { svc } from "../queries/svc";

/**
 * The caller's segments (GET /segments answers them all, unpaginated). Segments change only
 * when the caller edits them, so a few minutes is fresh; a write invalidates
 * `queryKeys.segments.all`.
 */
export function segmentsQuery() {
  return queryOptions({
    queryKey: queryKeys.segments.list(),
    queryFn: ({ signal }) => svc.call("segments.list", { signal }),
    staleTime: 5 * 60_000,
  });
}
