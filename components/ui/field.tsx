"use client";

import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import {
  fieldControlProps,
  fieldIds,
  joinIds,
  type FieldControlProps,
  type IdList,
} from "@/components/ui/field-aria";

export {
  fieldControlProps,
  fieldIds,
  joinIds,
  type FieldControlProps,
  type IdList,
} from "@/components/ui/field-aria";

/**
 * A field's error line: the sentence under its control, or one line shared by several fields.
 * `alert` makes it announce itself: for a refusal that comes from the service after a wait,
 * when focus does not move to the field.
 */
export function FieldError({
  id,
  alert = false,
  className = "text-sm text-red-700",
  children,
}: {
  id?: string;
  alert?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <p id={id} role={alert ? "alert" : undefined} className={className}>
      {children ?? ""}
    </p>
  );
}

/** Whether a hint or an error has anything to say (an empty message is none). */
const shown = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== "";

type ControlChild = ReactElement<Partial<FieldControlProps>>;

export interface FieldProps {
  label: ReactNode;
  /** The control's id; one is made (`useId`) when none is given. Hint and error ids derive from it. */
  id?: string;
  hint?: ReactNode;
  /** The sentence to show; empty or absent, there is none. */
  error?: ReactNode;
  /** Whether the control is marked invalid; by default, while there is an error to show. */
  invalid?: boolean;
  /** Further notes describing the control, said after the error. */
  describedBy?: IdList;
  /** The id of an error line drawn elsewhere, shared by several fields: the field draws none. */
  errorId?: string;
  /** The error line announces itself (role "alert"). */
  alert?: boolean;
  /**
   * Whether the error line stays in the page when there is no error (default). Without it, the
   * line and its id come with the error only.
   */
  keepErrorLine?: boolean;
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
  errorClassName?: string;
  /** Said after the error (a field's guardrails). */
  after?: ReactNode;
  /**
   * The control: an element (an input with `register(...)` spread on it, a select, a textarea),
   * which gets the id and aria attributes, or a function given them, for a custom control or
   * one laid out with other parts (a unit after the input).
   */
  children: ControlChild | ((control: FieldControlProps) => ReactNode);
}

/**
 * One labelled form field: the label, the control, an optional hint and the error line, with
 * the control's `aria-invalid` and `aria-describedby` (hint, error, further notes) wired to them.
 */
export function Field({
  label,
  id: givenId,
  hint,
  error,
  invalid,
  describedBy,
  errorId,
  alert = false,
  keepErrorLine = true,
  className = "space-y-1",
  labelClassName = "block text-sm font-medium",
  hintClassName = "text-xs text-slate-600",
  errorClassName,
  after,
  children,
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const ids = fieldIds(id);
  const hasError = shown(error);
  const drawsErrorLine = errorId === undefined && (keepErrorLine || hasError);
  const control = fieldControlProps({
    id,
    hint: shown(hint),
    errorLine: drawsErrorLine,
    errorId,
    invalid: invalid ?? hasError,
    describedBy,
  });
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {typeof children === "function" ? children(control) : withControlProps(children, control)}
      {shown(hint) ? (
        <p id={ids.hint} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {drawsErrorLine ? (
        <FieldError id={ids.error} alert={alert} className={errorClassName}>
          {hasError ? error : ""}
        </FieldError>
      ) : null}
      {after}
    </div>
  );
}

/** The control element with the field's props; ids it already names in `aria-describedby` follow. */
function withControlProps(child: ControlChild, control: FieldControlProps) {
  if (!isValidElement(child)) return child;
  return cloneElement(child, {
    ...control,
    "aria-describedby": joinIds([control["aria-describedby"], child.props["aria-describedby"]]),
  });
}

/**
 * A group of controls under a legend (radio cards, checkboxes), with the group's hint and error
 * line wired to the fieldset's `aria-describedby`.
 */
export function FieldGroup({
  legend,
  id: givenId,
  hint,
  error,
  describedBy,
  alert = false,
  keepErrorLine = true,
  className = "space-y-2",
  legendClassName = "text-sm font-medium",
  hintClassName = "text-xs text-slate-600",
  errorClassName,
  children,
}: {
  legend: ReactNode;
  /** The base of the hint and error ids; one is made when none is given. */
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Further notes describing the group, said after the error. */
  describedBy?: IdList;
  alert?: boolean;
  /** As `Field`'s: without it, the error line and its id come with the error only. */
  keepErrorLine?: boolean;
  className?: string;
  legendClassName?: string;
  hintClassName?: string;
  errorClassName?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const ids = fieldIds(givenId ?? generatedId);
  const hasHint = shown(hint);
  const hasError = shown(error);
  const drawsErrorLine = keepErrorLine || hasError;
  return (
    <fieldset
      className={className}
      aria-describedby={joinIds([
        hasHint ? ids.hint : null,
        drawsErrorLine ? ids.error : null,
        ...(describedBy ?? []),
      ])}
    >
      <legend className={legendClassName}>{legend}</legend>
      {children}
      {hasHint ? (
        <p id={ids.hint} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {drawsErrorLine ? (
        <FieldError id={ids.error} alert={alert} className={errorClassName}>
          {hasError ? error : ""}
        </FieldError>
      ) : null}
    </fieldset>
  );
}
