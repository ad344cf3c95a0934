"use client";

import { formatDistance, limitIn } from "@/lib/display/distance";
import { useDistanceUnit } from "@/lib/display/preferences-store";

/** A distance the service gave in kilometres, in the reader's unit ("2.4 km", "1.5 mi"). */
export function Distance({ km }: { km: number }) {
  return <>{formatDistance(km, useDistanceUnit())}</>;
}

/** A limit given in kilometres (a default, a cap) as the round figure a form accepts: "31 mi". */
export function DistanceLimit({ km }: { km: number }) {
  const unit = useDistanceUnit();
  return <>{`${limitIn(km, unit)} ${unit}`}</>;
}
