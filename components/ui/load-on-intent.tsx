"use client";

import { useState, type ComponentType, type ReactElement } from "react";
import { toast } from "sonner";
import { PART_NOT_LOADED, partLoader, type PartLoader } from "@/lib/lazy-chunk";

/** What the opened part is given besides its own props: whether the click that loaded it opens it. */
export type OpenedPartProps = { initiallyOpen: boolean };

/** The opened part's code, fetched on the first sign of intent and kept once it has arrived. */
export type IntentLoader<P> = PartLoader<ComponentType<P & OpenedPartProps>>;

/** `importPart` is `() => import("./x-popover")`: written out, so that the bundler splits there. */
export function intentLoader<P>(
  importPart: () => Promise<{ default: ComponentType<P & OpenedPartProps> }>,
): IntentLoader<P> {
  return partLoader(importPart);
}

/** Spread onto the closed control's button: the intent listeners and the state Radix's trigger would say. */
export type ClosedTriggerProps = {
  onPointerEnter(): void;
  onPointerDown(): void;
  onFocus(): void;
  onClick(): void;
  "aria-haspopup": "dialog";
  "aria-expanded": false;
  "aria-busy"?: true;
};

/**
 * A control whose popover or dialog (Radix's popper, focus scope and dismissable layer, and its
 * own content) is not part of the page's first load: the control is shown on every page (the
 * shell's) or with every selection (the calendar's changes), and few visits open it. Until
 * then `closed` draws the button as it looks closed; a pointer over it, a press or focus
 * fetches the part, and the click opens it. The button is replaced by the part's own trigger at
 * that click, while focus moves into the opened part anyway (and Radix returns it to the new
 * trigger on close), so a keyboard user never loses their place. If the code cannot be
 * fetched, the click says so and the next one tries again.
 */
export function LoadOnIntent<P extends object>({
  loader,
  closed,
  props,
}: {
  loader: IntentLoader<P>;
  closed: (trigger: ClosedTriggerProps) => ReactElement;
  props: NoInfer<P>;
}) {
  const [Part, setPart] = useState(() => loader.loaded());
  const [opening, setOpening] = useState(false);
  if (Part) return <Part {...props} initiallyOpen={opening} />;

  const preload = () => void loader.load().catch(() => {});
  const open = () => {
    setOpening(true);
    loader.load().then(
      (Loaded) => setPart(() => Loaded),
      () => {
        setOpening(false);
        toast.error(PART_NOT_LOADED);
      },
    );
  };
  return closed({
    onPointerEnter: preload,
    onPointerDown: preload,
    onFocus: preload,
    onClick: open,
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    ...(opening ? { "aria-busy": true as const } : {}),
  });
}
