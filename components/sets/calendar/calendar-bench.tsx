"use client";

import { useEffect, useRef, useState } from "react";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { nextFrame, scrollGrid, type ScrollFigures } from "@/components/ui/grid-scroll-bench";
import { SetCalendarGrid } from "@/components/sets/calendar/set-calendar-grid";
import { syntheticCalendar } from "@/components/sets/calendar/synthetic-calendar";

export type { ScrollFigures };

/** What `npm run bench:calendar` drives through `window.calendarBench`. */
export interface CalendarBenchApi {
  /** Unmounts the grid, then times data in hand → grid painted (two frames after the commit). */
  render: (seed: number) => Promise<number>;
  /** Scrolls the grid from the first night to the last, then top to bottom, `step` px a frame. */
  scroll: (step: number) => Promise<ScrollFigures>;
}

declare global {
  interface Window {
    calendarBench?: CalendarBenchApi;
  }
}

/** The benchmark's page body: a synthetic calendar rendered on demand, with timing hooks. */
export function CalendarBench({ members, nights }: { members: number; nights: number }) {
  const [calendar, setCalendar] = useState<SetPriceCalendar | null>(null);
  const painted = useRef<((ms: number) => void) | null>(null);

  useEffect(() => {
    const resolve = painted.current;
    if (!calendar || !resolve) return;
    painted.current = null;
    // The first frame after the commit is painted by the time the second one starts.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        performance.mark("calendar:painted");
        resolve(performance.measure("calendar:render", "calendar:data", "calendar:painted").duration);
      }),
    );
  }, [calendar]);

  useEffect(() => {
    const render = async (seed: number) => {
      setCalendar(null);
      await nextFrame();
      await nextFrame();
      const data = syntheticCalendar(members, nights, seed);
      return new Promise<number>((resolve) => {
        painted.current = resolve;
        performance.mark("calendar:data");
        setCalendar(data);
      });
    };

    const scroll = async (step: number): Promise<ScrollFigures> => {
      const grid = document.querySelector<HTMLElement>('[data-testid="calendar-grid"]');
      if (!grid) throw new Error("no grid on the page: call render first");
      return scrollGrid(grid, step);
    };

    window.calendarBench = { render, scroll };
    document.body.dataset.benchReady = "1";
    return () => {
      delete window.calendarBench;
    };
  }, [members, nights]);

  return calendar ? (
    <SetCalendarGrid calendar={calendar} />
  ) : (
    <p className="text-sm text-slate-600">No calendar yet: the benchmark renders one.</p>
  );
}
