import { setChangeError } from "@/lib/sets/page";
import { isSvcError } from "@/lib/svc/errors";
import { describeError } from "@/components/ui/error-panel";

/**
 * A failed associated-listings change in words. A 403 may be about one listing rather than
 * the set (manage access to each shared listing is needed): the service's sentence names it.
 */
export function associatedError(error: unknown): string {
  if (isSvcError(error) && error.status === 403 && error.code !== "read_only_key") {
    return `The service refused this: ${error.message}`;
  }
  return setChangeError(error, "editAssociated") ?? describeError(error);
}
