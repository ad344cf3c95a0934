"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import {
  builderIssues,
  fieldsOf,
  joinFilter,
  knownOf,
  readJsonText,
  splitFilter,
  toJsonText,
  type FilterObject,
} from "@/lib/segments/filter";
import {
  filterOfForm,
  placeSaveError,
  segmentFormSchema,
  toSegmentBody,
  type FilterMode,
  type SegmentFormValues,
} from "@/lib/segments/form";
import { defaultStatusWords } from "@/lib/segments/display";
import type { CreateSegmentBody } from "@/lib/svc/schemas/segments";
import type { Listing } from "@/lib/svc/schemas/listings";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Tabs } from "@/components/ui/tabs";
import { FilterBuilder } from "@/components/segments/form/filter-builder";
import { JsonView } from "@/components/segments/form/json-view";
import { PreviewPanel } from "@/components/segments/form/preview-panel";

const inputClass = "w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm";

export interface PortfolioState {
  state: "loading" | "error" | "ready";
  listings: readonly Listing[];
  error: unknown;
  retry: () => void;
}

/**
 * Name, description, default status and the filter (builder or JSON) beside the live preview.
 * A failed save keeps everything typed and puts the service's refusal next to the field it
 * names; keys the builder does not know travel in `kept` and are sent back as they were.
 */
export function SegmentForm({
  initial,
  portfolio,
  onSave,
  cancelHref,
  submitLabel,
  pendingLabel,
}: {
  initial: { values: SegmentFormValues; kept: FilterObject };
  portfolio: PortfolioState;
  onSave: (body: CreateSegmentBody) => Promise<unknown>;
  cancelHref: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const id = useId();
  const router = useRouter();
  const [kept, setKept] = useState<FilterObject>(initial.kept);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<SegmentFormValues>({
    resolver: zodFormResolver(segmentFormSchema),
    defaultValues: initial.values,
  });
  const [mode, builder, json] = useWatch({ control, name: ["mode", "builder", "json"] });
  const filter = useMemo(() => filterOfForm({ mode, builder, json }, kept), [mode, builder, json, kept]);
  const keptKeys = Object.keys(kept);

  /** Switching views carries the filter across; a view with something to fix is not left. */
  async function switchMode(next: FilterMode) {
    if (next === mode) return;
    if (next === "json") {
      if (Object.keys(builderIssues(getValues("builder"))).length > 0) {
        await trigger("builder");
        return;
      }
      setValue("json", toJsonText(joinFilter({ known: knownOf(getValues("builder")), kept })));
      clearErrors("json");
      clearErrors("root");
      setValue("mode", "json");
      return;
    }
    const reading = readJsonText(getValues("json"));
    if (!reading.ok) {
      setError("json", { message: reading.message });
      return;
    }
    const split = splitFilter(reading.filter);
    setValue("builder", fieldsOf(split.known));
    setKept(split.kept);
    clearErrors("builder");
    clearErrors("root");
    setValue("mode", "builder");
  }

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(toSegmentBody(values, kept));
    } catch (error) {
      const placed = placeSaveError(error, values.mode, keptKeys);
      if (placed.length === 0) setError("root", { message: describeError(error) });
      for (const { place, message } of placed) setError(place, { message });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <section
          aria-labelledby={`${id}-details`}
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id={`${id}-details`} className="text-base font-semibold">
            Details
          </h2>
          <Field
            id={`${id}-name`}
            label={
              <>
                Name <span className="font-normal text-slate-600">(required, up to 120 characters)</span>
              </>
            }
            error={errors.name?.message}
            invalid={Boolean(errors.name)}
          >
            <input
              autoComplete="off"
              aria-required="true"
              placeholder="e.g. Miami family homes"
              className={inputClass}
              {...register("name")}
            />
          </Field>
          <Field
            id={`${id}-description`}
            label={
              <>
                Description <span className="font-normal text-slate-600">(optional)</span>
              </>
            }
            error={errors.description?.message}
            invalid={Boolean(errors.description)}
          >
            <textarea rows={2} className={inputClass} {...register("description")} />
          </Field>
          <Controller
            control={control}
            name="default_status"
            render={({ field }) => (
              <div className="space-y-1">
                <p className="text-sm font-medium">Default status</p>
                <SegmentedControl
                  label="Default status"
                  value={field.value}
                  options={(["active", "inactive"] as const).map((value) => ({
                    value,
                    label: defaultStatusWords[value].label,
                  }))}
                  onValueChange={field.onChange}
                />
                <p className="text-xs text-slate-600">{defaultStatusWords[field.value].meaning}</p>
              </div>
            )}
          />
        </section>

        <section
          aria-labelledby={`${id}-filter`}
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div>
            <h2 id={`${id}-filter`} className="text-base font-semibold">
              Filter
            </h2>
            <p className="text-xs text-slate-600">
              Every condition set must hold for a listing to be in the segment; an empty field leaves its
              condition out, and no condition at all matches every listing.
            </p>
          </div>
          <Tabs
            label="Filter view"
            value={mode}
            onValueChange={(next) => void switchMode(next)}
            // The form checks the filter before it switches views, and may refuse.
            mayRefuse
            tabs={[
              {
                value: "builder",
                label: "Builder",
                content: (
                  <div className="space-y-3">
                    {keptKeys.length > 0 || errors.root?.kept ? (
                      <div
                        role="note"
                        className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
                      >
                        {keptKeys.length > 0 ? (
                          <p>
                            Kept as written, and sent back unchanged:{" "}
                            {keptKeys.map((key, i) => (
                              <span key={key}>
                                <code>{key}</code>
                                {i < keptKeys.length - 1 ? ", " : ""}
                              </span>
                            ))}
                            . The builder does not edit {keptKeys.length === 1 ? "it" : "them"}; the JSON view
                            does.
                          </p>
                        ) : null}
                        {errors.root?.kept ? (
                          <p role="alert" className="mt-1 text-red-700">
                            {errors.root.kept.message}
                          </p>
                        ) : null}
                      </div>
                    ) : null}
                    <FilterBuilder
                      control={control}
                      register={register}
                      errors={errors.builder}
                      listings={portfolio.listings}
                      keptKeys={keptKeys}
                    />
                  </div>
                ),
              },
              {
                value: "json",
                label: "Edit as JSON",
                content: <JsonView register={register} error={errors.json?.message} />,
              },
            ]}
          />
        </section>

        <p role="alert" className="text-sm text-red-700">
          {errors.root?.message ?? ""}
        </p>
        <FormActions
          onCancel={() => router.push(cancelHref)}
          pending={isSubmitting}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
        />
      </div>
      <div className="lg:sticky lg:top-4">
        <PreviewPanel filter={filter} portfolio={portfolio} />
      </div>
    </form>
  );
}
