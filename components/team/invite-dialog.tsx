"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { inviteMemberBody, type InviteMemberBody } from "@/lib/svc/schemas/team";
import { asSentence, teamProblem } from "@/lib/team/errors";
import { levelWords, TEAM_LEVELS, withArticle } from "@/lib/team/levels";
import { inviteMember, refreshStale, teamWriteRetry } from "@/lib/team/queries";
import { useSay } from "@/components/ui/action-status";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import { Field } from "@/components/ui/field";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { FormActions } from "@/components/ui/form-actions";
import { LevelChoices } from "@/components/team/level-choices";

const emptyForm: InviteMemberBody = { email: "", level: "viewer" };

/**
 * Invite by email at a level; each level says what it allows, in the listings' own words.
 * Fetched on the first move towards its button (team-actions.tsx); that click opens it.
 */
export default function InviteDialog({ trigger }: LazyDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<InviteMemberBody>({ resolver: zodFormResolver(inviteMemberBody), defaultValues: emptyForm });
  const invite = useMutation({
    mutationFn: (body: InviteMemberBody) => inviteMember(queryClient, body),
    retry: teamWriteRetry,
    onSuccess: (member) => {
      say(`${member.email} is invited as ${withArticle(member.level)}. They get access once they accept.`);
      reset(emptyForm);
      setOpen(false);
    },
    // What was typed stays; the reason goes to the field it is about, else under the form.
    onError: (error, body) => {
      const problem = teamProblem(error, "invite", body.email);
      refreshStale(queryClient, problem);
      const field = problem?.field === "email" || problem?.field === "level" ? problem.field : "root";
      setError(field, { message: problem?.message ?? describeError(error) });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (invite.isPending) return;
        // A failed attempt's fields are kept for the retry; its old reasons are not.
        if (next) clearErrors();
        setOpen(next);
      }}
      size="lg"
      title="Invite someone to your team"
      description="They get the level you choose on every listing you own once they accept. Until then they have no access."
      trigger={trigger}
    >
      <form noValidate onSubmit={handleSubmit((body) => invite.mutate(body))} className="space-y-4">
        <Field
          id={`${id}-email`}
          label="Email address"
          error={errors.email?.message ? asSentence(errors.email.message) : undefined}
          invalid={Boolean(errors.email)}
          className="space-y-1.5"
        >
          <input
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="name@example.com"
            className="w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm"
            {...register("email")}
          />
        </Field>
        <LevelChoices
          idPrefix={`${id}-level`}
          legend="Level on your listings"
          choices={TEAM_LEVELS.map((level) => ({ value: level, ...levelWords(level) }))}
          field={register("level")}
          error={errors.level?.message}
        />
        <p role="alert" className="text-sm text-red-700">
          {errors.root?.message ?? ""}
        </p>
        <FormActions
          onCancel={() => setOpen(false)}
          pending={invite.isPending}
          submitLabel="Send invitation"
          pendingLabel="Inviting…"
        />
      </form>
    </Dialog>
  );
}
