"use client";

import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import {
  NAME_WIDTH_MAX,
  NAME_WIDTH_MIN,
  NAME_WIDTH_STEP,
  clampNameWidth,
} from "@/lib/sets/calendar/view-prefs";

/**
 * The handle on the right edge of the listing name column: a focusable separator that says
 * its width, moved by dragging or by the keyboard (arrow keys a step, Page Up and Page Down
 * four, Home and End to the narrowest and widest). `onChange` follows every move; `onCommit`
 * is called when a move ends, to keep the width.
 */
export function NameResizer({
  width,
  controls,
  onChange,
  onCommit,
}: {
  width: number;
  /** The grid's id. */
  controls: string;
  onChange: (width: number) => void;
  onCommit: (width: number) => void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: width + NAME_WIDTH_STEP,
      ArrowUp: width + NAME_WIDTH_STEP,
      ArrowLeft: width - NAME_WIDTH_STEP,
      ArrowDown: width - NAME_WIDTH_STEP,
      PageUp: width + 4 * NAME_WIDTH_STEP,
      PageDown: width - 4 * NAME_WIDTH_STEP,
      Home: NAME_WIDTH_MIN,
      End: NAME_WIDTH_MAX,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onCommit(clampNameWidth(next));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onChange(clampNameWidth(drag.current.width + e.clientX - drag.current.x));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = clampNameWidth(drag.current.width + e.clientX - drag.current.x);
    drag.current = null;
    onCommit(next);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label="Width of the listing name column"
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={NAME_WIDTH_MIN}
      aria-valuemax={NAME_WIDTH_MAX}
      aria-valuetext={`${width} pixels`}
      title="Drag, or focus and use the arrow keys, to widen the names"
      data-testid="name-resizer"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      // Over the name column's right edge (the grid's 1px border included), above its sticky parts.
      className="group absolute bottom-0 top-0 z-30 flex w-3 cursor-col-resize touch-none justify-center focus-visible:outline-offset-0"
      style={{ left: width + 1 - 6 }}
    >
      <span
        aria-hidden="true"
        className="h-full w-0.5 bg-transparent group-hover:bg-slate-500 group-focus-visible:bg-slate-800"
      />
    </div>
  );
}
