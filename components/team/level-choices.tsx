import type { UseFormRegisterReturn } from "react-hook-form";
import { asSentence } from "@/lib/team/errors";
import { FieldGroup } from "@/components/ui/field";

export interface LevelChoice {
  value: string;
  label: string;
  meaning: string;
}

/**
 * A level picked from radio cards, each with what it allows in words: the invitation's level
 * and the level on listings added later are chosen the same way.
 */
export function LevelChoices({
  idPrefix,
  legend,
  choices,
  field,
  error,
}: {
  idPrefix: string;
  legend: string;
  choices: readonly LevelChoice[];
  /** The form's `register(...)` for the level field. */
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <FieldGroup id={idPrefix} legend={legend} error={error ? asSentence(error) : undefined}>
      <ul className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <li key={choice.value} className="flex items-start gap-2 rounded-md border border-slate-200 p-2.5">
            <input
              id={`${idPrefix}-${choice.value}`}
              type="radio"
              value={choice.value}
              aria-describedby={`${idPrefix}-${choice.value}-meaning`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              {...field}
            />
            <div>
              <label htmlFor={`${idPrefix}-${choice.value}`} className="text-sm font-medium">
                {choice.label}
              </label>
              <p id={`${idPrefix}-${choice.value}-meaning`} className="text-xs text-slate-600">
                {choice.meaning}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </FieldGroup>
  );
}
