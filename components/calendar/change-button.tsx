import type { ComponentPropsWithRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * A selection's "Set custom rate…" or "Set minimum stay…" button, the same before the dialog's
 * code has arrived (selection-bar.tsx) and as the dialog's trigger. Disabled with the reason as
 * its title when the selection cannot be changed.
 */
export function ChangeButton({
  kind,
  disabledReason,
  ...rest
}: { kind: "rate" | "min_stay"; disabledReason: string | null } & ComponentPropsWithRef<"button">) {
  return (
    <Button
      variant="secondary"
      disabled={disabledReason !== null}
      title={disabledReason ?? undefined}
      {...rest}
    >
      {kind === "rate" ? "Set custom rate…" : "Set minimum stay…"}
    </Button>
  );
}
