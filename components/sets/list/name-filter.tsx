"use client";

import { useEffect, useId, useRef, useState } from "react";
import { namePatternMeaning } from "@/lib/sets/list";

const DEBOUNCE_MS = 300;

/**
 * The name pattern, sent once typing pauses (each change is a request). Says what the
 * pattern finds while typing, since "whole name unless *" surprises people.
 */
export function NameFilter({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (name: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The URL changed without us (back button, "Clear filters"): show its value. Our own change
  // coming back is left alone, so text typed since is kept. Adjusting state while rendering,
  // as React recommends, rather than in an effect.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setText(value ?? "");
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function change(next: string) {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const name = next.trim() === "" ? null : next.trim();
      setSent(name);
      onChange(name);
    }, DEBOUNCE_MS);
  }

  const pattern = text.trim();
  return (
    <div className="w-full max-w-md space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Name
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => change(e.target.value)}
        placeholder="e.g. *Austin*"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600" aria-live="polite">
        {pattern === ""
          ? "* matches any run of characters; without *, the whole name must match. Letter case is ignored."
          : namePatternMeaning(pattern)}
      </p>
    </div>
  );
}
