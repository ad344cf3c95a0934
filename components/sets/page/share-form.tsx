"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Permission } from "@/lib/access/permission";
import { shareSet } from "@/lib/sets/members-queries";
import { SHARE_LEVEL_WORDS, SHARE_LEVELS, setChangeError } from "@/lib/sets/page";
import { isSvcError } from "@/lib/svc/errors";
import type { SetRecord } from "@/lib/svc/schemas/sets";
import { useSay } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";

/** The form's fields; the email is checked as the contract's share entry checks it. */
const shareForm = z.object({
  email: z.email("Give a valid email address, like name@example.com."),
  level: z.enum(SHARE_LEVELS),
});
type ShareForm = z.infer<typeof shareForm>;

/** Share by email with a level; the levels are explained next to their choice. */
export function ShareForm({ set, permission }: { set: SetRecord; permission: Permission }) {
  const id = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ShareForm>({ resolver: zodFormResolver(shareForm), defaultValues: { email: "", level: "R" } });
  const disabled = !permission.allowed;

  const submit = handleSubmit(async ({ email, level }) => {
    try {
      await shareSet(queryClient, set.id, [{ email, level }]);
      say(`${email} now has ${SHARE_LEVEL_WORDS[level].label.toLowerCase()} access to ${set.name}.`);
      reset({ email: "", level });
    } catch (error) {
      // What was typed stays; the reason goes next to the field it is about.
      const sentence = setChangeError(error, "share") ?? describeError(error);
      if (isSvcError(error) && error.status === 422 && error.code === "unknown_users") {
        setError("email", { message: sentence });
      } else {
        setError("root", { message: sentence });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Share with someone
      </h2>
      <fieldset
        disabled={disabled}
        className="space-y-4"
        aria-describedby={disabled ? `${id}-why` : undefined}
      >
        <Field
          id={`${id}-email`}
          label="Email address"
          hint="They need an account with the pricing service. Sharing with someone who already has access replaces their level."
          error={errors.email?.message}
          invalid={Boolean(errors.email)}
          className="space-y-1.5"
        >
          <input
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="name@example.com"
            className="w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100"
            {...register("email")}
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Level</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {SHARE_LEVELS.map((level) => (
              <li key={level} className="flex items-start gap-2 rounded-md border border-slate-200 p-2.5">
                <input
                  id={`${id}-level-${level}`}
                  type="radio"
                  value={level}
                  aria-describedby={`${id}-level-${level}-meaning`}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                  {...register("level")}
                />
                <div>
                  <label htmlFor={`${id}-level-${level}`} className="text-sm font-medium">
                    {SHARE_LEVEL_WORDS[level].label}
                  </label>
                  <p id={`${id}-level-${level}-meaning`} className="text-xs text-slate-600">
                    {SHARE_LEVEL_WORDS[level].meaning}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </fieldset>
        <p role="alert" className="text-sm text-red-700">
          {errors.root?.message ?? ""}
        </p>
        <Button type="submit" disabled={disabled || isSubmitting}>
          {isSubmitting ? "Sharing…" : "Share"}
        </Button>
      </fieldset>
      {disabled ? (
        <p id={`${id}-why`} className="text-sm text-slate-600">
          {permission.reason}
        </p>
      ) : null}
    </form>
  );
}
