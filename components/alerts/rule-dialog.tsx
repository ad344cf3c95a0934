"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useSay } from "@/components/ui/action-status";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { RuleForm } from "@/components/alerts/rule-form";
import { createRule, updateRule, type RuleView } from "@/lib/alerts/queries";
import { formValuesOf, NEW_RULE } from "@/lib/alerts/rule-form";
import type { RuleBody } from "@/lib/alerts/rules";

export interface RuleDialogProps {
  /** The rule to edit; none to create one. */
  rule?: RuleView;
}

/** Create or edit a rule. Fetched on the first move towards its button (rules-section.tsx). */
export default function RuleDialog({ rule, trigger }: RuleDialogProps & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  // A new opening starts from the rule as listed (or an empty form), not from a half-made edit.
  const [formKey, setFormKey] = useState(0);

  async function save(body: RuleBody) {
    const saved = rule ? await updateRule(queryClient, rule.id, body) : await createRule(queryClient, body);
    setOpen(false);
    say(
      rule
        ? `The rule is saved: ${saved.words}.`
        : `The rule is created: ${saved.words}. It is evaluated in a few seconds.`,
      "success",
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setFormKey((k) => k + 1);
        setOpen(next);
      }}
      size="lg"
      keepOpenOnOutsideClick
      title={rule ? "Edit the alert rule" : "New alert rule"}
      description="What to watch for, in which listings, and how you hear of it beyond this page."
      trigger={trigger}
    >
      <RuleForm
        key={formKey}
        defaultValues={rule ? formValuesOf(rule) : NEW_RULE}
        onSave={save}
        onCancel={() => setOpen(false)}
        submitLabel={rule ? "Save the rule" : "Create the rule"}
        pendingLabel={"Saving\u2026"}
      />
    </Dialog>
  );
}
