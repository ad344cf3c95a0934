"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { parseTagInput, saveTags } from "@/lib/listings/tags-queries";
import type { Listing } from "@/lib/svc/schemas/listings";
import { putTagsBody } from "@/lib/svc/schemas/listing-extras";
import { useSay } from "@/components/ui/action-status";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { describeError } from "@/components/ui/error-panel";
import type { LazyDialogProps } from "@/components/ui/lazy";

/** The typed text is checked with the same schema the service applies to the body. */
const form = z.object({ tags: z.string() }).superRefine((value, ctx) => {
  const checked = putTagsBody.safeParse({ tags: parseTagInput(value.tags) });
  if (!checked.success)
    ctx.addIssue({ code: "custom", path: ["tags"], message: checked.error.issues[0]!.message });
});
type Form = z.infer<typeof form>;

/**
 * A listing's tags in a dialog, checked as the service checks them. Fetched on the first move
 * towards its Edit button (tags-edit.tsx); the click that fetched it opens it.
 */
export default function TagsEditor({ listing, trigger }: { listing: Listing } & LazyDialogProps) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Form>({ resolver: zodFormResolver(form), defaultValues: { tags: listing.tags.join(", ") } });
  const save = useMutation({
    mutationFn: (tags: string[]) => saveTags(queryClient, listing.svc_id, tags),
    onSuccess: () => {
      say(`Tags saved for ${listing.name}.`);
      setOpen(false);
    },
    // The typed text stays in the field; the reason goes next to it.
    onError: (error) => setError("root", { message: describeError(error) }),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) reset({ tags: listing.tags.join(", ") });
        setOpen(next);
      }}
      title={`Tags of ${listing.name}`}
      description="Separate tags with commas. Saving replaces the listing's tags."
      trigger={trigger}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => save.mutate(parseTagInput(values.tags)))}
        className="space-y-3"
      >
        {/* The save's refusal is the field's too: the tags typed are what was refused. */}
        <Field
          id={`tags-${listing.svc_id}`}
          label="Tags"
          error={errors.tags?.message ?? errors.root?.message}
          invalid={Boolean(errors.tags || errors.root)}
          alert
          className="space-y-3"
        >
          <input
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            {...register("tags")}
          />
        </Field>
        <FormActions
          onCancel={() => setOpen(false)}
          pending={save.isPending}
          submitLabel="Save tags"
          pendingLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
