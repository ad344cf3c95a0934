"use client";

import { zodFormResolver } from "@/lib/forms/resolver";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { teamLevel, type TeamMember } from "@/lib/svc/schemas/team";
import { LEVEL_SENTENCE, teamProblem } from "@/lib/team/errors";
import { autoLevelWords, NO_AUTO_LEVEL, personName, TEAM_LEVELS } from "@/lib/team/levels";
import { refreshStale, setAutoManagedLevel, teamWriteRetry } from "@/lib/team/queries";
import { useSay } from "@/components/ui/action-status";
import { Dialog } from "@/components/ui/dialog";
import { describeError } from "@/components/ui/error-panel";
import type { LazyDialogProps } from "@/components/ui/lazy";
import { FormActions } from "@/components/ui/form-actions";
import { LevelChoices } from "@/components/team/level-choices";

/** The contract's levels plus "none" (the body's null), since a radio's value is a string. */
const NONE = "none";
const autoLevelForm = z.object({ level: z.enum([NONE, ...teamLevel.options], { error: LEVEL_SENTENCE }) });
type AutoLevelForm = z.infer<typeof autoLevelForm>;

const CHOICES = [NONE, ...TEAM_LEVELS] as const;

export interface AutoLevelDialogProps {
  member: TeamMember;
  onGone: (sentence: string) => void;
}

/**
 * Choose the level a member gets on listings the owner adds later; nothing saves until Save.
 * Fetched on the first move towards its button (team-actions.tsx); that click opens it.
 */
export default function AutoLevelDialog({ member, onGone, trigger }: AutoLevelDialogProps & LazyDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState(false);
  const name = personName(member);
  const current = member.auto_managed_listing_level ?? NONE;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AutoLevelForm>({
    resolver: zodFormResolver(autoLevelForm),
    defaultValues: { level: current },
  });
  const save = useMutation({
    mutationFn: ({ level }: AutoLevelForm) =>
      setAutoManagedLevel(queryClient, member.user_id, level === NONE ? null : level),
    retry: teamWriteRetry,
    onSuccess: (saved) => {
      setOpen(false);
      const words = autoLevelWords(saved.auto_managed_listing_level);
      say(
        saved.auto_managed_listing_level === null
          ? `${name} gets no access to listings you add later.`
          : `${name} becomes ${words.label.toLowerCase()} of listings you add later.`,
      );
    },
    onError: (error) => {
      const problem = teamProblem(error, "autoLevel");
      if (problem?.gone) {
        setOpen(false);
        onGone(problem.message);
        refreshStale(queryClient, problem);
        return;
      }
      refreshStale(queryClient, problem);
      setError(problem?.field === "level" ? "level" : "root", {
        message: problem?.message ?? describeError(error),
      });
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return;
        if (next) reset({ level: current });
        setOpen(next);
      }}
      size="lg"
      title={`Listings you add later: ${name}`}
      description={`The level ${name} gets on each listing you add from now on. Listings you have today keep their levels; a refresh applies this level to them.`}
      trigger={trigger}
    >
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="space-y-4">
        <LevelChoices
          idPrefix={id}
          legend="Level on listings you add later"
          choices={CHOICES.map((choice) => ({
            value: choice,
            ...(choice === NONE ? NO_AUTO_LEVEL : autoLevelWords(choice)),
          }))}
          field={register("level")}
          error={errors.level?.message}
        />
        <p role="alert" className="text-sm text-red-700">
          {errors.root?.message ?? ""}
        </p>
        <FormActions
          onCancel={() => setOpen(false)}
          pending={save.isPending}
          submitLabel="Save level"
          pendingLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
