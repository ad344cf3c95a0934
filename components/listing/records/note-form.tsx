"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { MAX_NOTE_LENGTH, noteBody, type NoteBody } from "@/lib/svc/schemas/listing-extras";
import { Button } from "../../ui/button";

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
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        rows={3}
        // Opened for editing on purpose, by the user's own click: focus follows.
        autoFocus={autoFocus}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        {...register("body")}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="text-xs">
          <p id={`${id}-hint`} className="text-slate-500">
            {length} / {MAX_NOTE_LENGTH} characters
          </p>
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
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
