"use client";

import { useState, type ReactNode } from "react";
import { formatCount } from "@/lib/format/numbers";

/**
 * Findings named one by one beside a value; past this, the rest are counted in a sentence, so
 * that a rate outside the limits of 1,000 selected listings does not print 1,000 notes.
 */
export const FINDINGS_SHOWN = 10;

/** "And 990 more listings the same way…", or null when every finding is named. */
export function moreFindings(count: number): string | null {
  const more = count - FINDINGS_SHOWN;
  if (more <= 0) return null;
  return `And ${formatCount(more)} more ${more === 1 ? "listing" : "listings"} the same way; the confirmation covers them all.`;
}

/**
 * A pricing guardrail said beside the field it concerns: amber, titled "Check", so it reads
 * as advice (the service would take the value) and never as a refusal (red, under the input).
 */
export function GuardrailNote({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <div
      id={id}
      data-guardrail=""
      className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 ring-1 ring-inset ring-amber-300"
    >
      <span className="font-semibold">Check: </span>
      {children}
    </div>
  );
}

/** What a guardrail could not be checked against (the recommendation unread, no recent stays). */
export function GuardrailInfo({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-slate-600">
      {children}
    </p>
  );
}

/**
 * The confirmation a save with guardrails needs. It holds for the values it was given on
 * (`signature`): change a value and it is asked again. `attempted` is a press of the action
 * without it, which the panel answers in words.
 */
export function useGuardrailConfirmation(signature: string) {
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [attemptedFor, setAttemptedFor] = useState<string | null>(null);
  const needed = signature !== "";
  return {
    needed,
    confirmed: needed && confirmedFor === signature,
    attempted: needed && attemptedFor === signature,
    setConfirmed: (on: boolean) => setConfirmedFor(on ? signature : null),
    markAttempted: () => setAttemptedFor(signature),
    /** Whether the action may go ahead now; a refused press is remembered to be explained. */
    allows(): boolean {
      if (!needed || confirmedFor === signature) return true;
      setAttemptedFor(signature);
      return false;
    },
  };
}
export type GuardrailConfirmation = ReturnType<typeof useGuardrailConfirmation>;

/**
 * "Save anyway: I mean this": a checkbox under the form's summary of its guardrails. The
 * action's button says what it will do once ticked (its caller words it).
 */
export function GuardrailConfirm({
  id,
  count,
  values = 1,
  confirmation,
  verb,
}: {
  id: string;
  /** How many guardrails the action would override. */
  count: number;
  /** How many of the typed values they concern. */
  values?: number;
  confirmation: GuardrailConfirmation;
  /** "Save", "Apply", "Add": what the action does. */
  verb: string;
}) {
  if (!confirmation.needed) return null;
  const one = values === 1;
  const these = one ? "this value" : "these values";
  const action = verb.toLowerCase();
  return (
    <div
      id={id}
      className="space-y-1.5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-300"
    >
      <p>
        {count === 1 ? "One check asks" : `${count} checks ask`} for a second look at {these}; the reason is
        beside {one ? "it" : "each"}. The service would accept {one ? "it" : "them"}: change{" "}
        {one ? "it" : "them"}, or confirm to {action} {one ? "it as it is" : "them as they are"}.
      </p>
      <label className="flex items-center gap-2 font-medium">
        <input
          id={`${id}-checkbox`}
          type="checkbox"
          checked={confirmation.confirmed}
          onChange={(event) => confirmation.setConfirmed(event.target.checked)}
          className="h-4 w-4 accent-amber-700"
        />
        {verb} anyway: I mean {these}
      </label>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {confirmation.attempted && !confirmation.confirmed
          ? `Nothing was sent. Tick "${verb} anyway" to ${action} ${these} as ${
              one ? "it is" : "they are"
            }, or change ${one ? "it" : "them"}.`
          : ""}
      </p>
    </div>
  );
}

/** Moves the keyboard to the confirmation after a refused press, so it is the next thing read. */
export function focusConfirmation(id: string) {
  requestAnimationFrame(() => document.getElementById(`${id}-checkbox`)?.focus());
}
