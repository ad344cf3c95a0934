"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { useSay } from "@/components/ui/action-status";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { deleteRule, type RuleView } from "@/lib/alerts/queries";

/** Delete a rule after a confirmation: its alerts go with it. */
export default function DeleteRuleDialog({ rule, trigger }: { rule: RuleView } & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteRule(queryClient, rule.id),
    onSuccess: () => {
      setOpen(false);
      say(`The rule is deleted: ${rule.words}.`, "success");
    },
  });
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        setOpen(next);
      }}
      title="Delete the alert rule?"
      description={`${rule.words}. Its alerts, open, snoozed and resolved, are deleted with it.`}
      trigger={trigger}
      confirm={
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? "Deleting\u2026" : "Delete the rule"}
        </Button>
      }
    >
      {remove.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The rule could not be deleted. {describeError(remove.error)}
        </p>
      ) : null}
    </AlertDialog>
  );
}
