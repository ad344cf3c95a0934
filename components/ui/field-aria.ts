/**
 * The ids and aria attributes a form field's control carries, worked out apart from React so
 * `Field` (field.tsx), a form that lays its parts out itself and the tests share one rule.
 */

/** Ids that may be absent (no hint, no error shown): the absent ones are dropped. */
export type IdList = ReadonlyArray<string | null | undefined | false>;

/** The ids for `aria-describedby`, or `undefined` when none is left, so no empty attribute is written. */
export function joinIds(ids: IdList): string | undefined {
  const joined = ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ");
  return joined === "" ? undefined : joined;
}

/** A field's hint and error lines are named after its control, so a form can point at them too. */
export function fieldIds(controlId: string): { hint: string; error: string } {
  return { hint: `${controlId}-hint`, error: `${controlId}-error` };
}

/** What a field hands its control: spread onto an input, a select, a textarea or a custom control. */
export interface FieldControlProps {
  id: string;
  // `undefined` rather than `false`: an attribute saying "false" is noise for screen readers.
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function fieldControlProps({
  id,
  hint = false,
  errorLine = true,
  errorId,
  invalid,
  describedBy = [],
}: {
  id: string;
  /** Whether the field shows a hint under its control. */
  hint?: boolean;
  /** Whether the error line is in the page now (some forms draw it only with an error). */
  errorLine?: boolean;
  /** The id of an error line the field does not draw itself (one line said for several fields). */
  errorId?: string;
  invalid: boolean;
  /** Further notes describing the control (why it is disabled, a guardrail), said after the error. */
  describedBy?: IdList;
}): FieldControlProps {
  const ids = fieldIds(id);
  return {
    id,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": joinIds([
      hint ? ids.hint : null,
      errorId ?? (errorLine ? ids.error : null),
      ...describedBy,
    ]),
  };
}
