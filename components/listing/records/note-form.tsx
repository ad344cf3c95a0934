"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { MAX_NOTE_LENGTH, noteBody, type NoteBody } from "@/lib/svc/schemas/listing-extras";
import { Button } from "@/components/ui/button";
import { FieldError, fieldControlProps, fieldIds } from "@/components/ui/field";

/**
 * A note's text, checked with the schema the service applies. On a failed save the text stays
 * as typed and the reason goes under it (`onSave` rejects with the sentence to show).
 */
export function NoteForm({
  label,
  initial = "",
  submitLabel,
  pendingLabel,
  onSave,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves when saved; rejects with a sentence saying why not. */
  onSave: (body: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NoteBody>({ resolver: zodFormResolver(noteBody), defaultValues: { body: initial } });
  const length = useWatch({ control, name: "body" })?.length ?? 0;
  const problem = errors.body?.message ?? errors.root?.message ?? "";
  // Laid out by hand, not with `Field`: the hint and error sit beside the buttons.
  const bodyIds = fieldIds(`${id}-body`);
  const bodyControl = fieldControlProps({ id: `${id}-body`, hint: true, invalid: Boolean(problem) });

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={handleSubmit(async ({ body }) => {
        try {
          await onSave(body);
          reset({ body: onCancel ? body : "" });
        } catch (error) {
          setError("root", { message: error instanceof Error ? error.message : String(error) });
        }
      })}
    >
      <label htmlFor={bodyControl.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        {...bodyControl}
        rows={3}
        // Opened for editing on purpose, by the user's own click: focus follows.
        autoFocus={autoFocus}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        {...register("body")}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="text-xs">
          <p id={bodyIds.hint} className="text-slate-500">
            {length} / {MAX_NOTE_LENGTH} characters
          </p>
          <FieldError id={bodyIds.error} alert>
            {problem}
          </FieldError>
        </div>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
