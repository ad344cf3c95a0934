"use client";

import { useId, type ButtonHTMLAttributes } from "react";
import type { Permission } from "@/lib/access/permission";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "ghost" | "danger";
};

/**
 * A button the caller may not be allowed to press. When not, it is disabled and the reason
 * is its accessible description and a tooltip; the wrapper takes focus because a disabled
 * button cannot, so keyboard users reach the reason too.
 */
export function GuardedButton({ permission, ...props }: ButtonProps & { permission: Permission }) {
  const reasonId = useId();
  if (permission.allowed) return <Button {...props} />;
  return (
    <Tooltip content={permission.reason}>
      <span
        tabIndex={0}
        className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Button {...props} onClick={undefined} disabled aria-describedby={reasonId} />
        <span id={reasonId} className="sr-only">
          {permission.reason}
        </span>
      </span>
    </Tooltip>
  );
}
