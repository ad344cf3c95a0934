"use client";

import { useEffect, useRef, useState } from "react";
import type { SetPriceCalendar } from "@/lib/svc/schemas/set-analytics";
import { SetCalendarGrid } from "./set-calendar-grid";
import { syntheticCalendar } from "./synthetic-calendar";

export interface ScrollFigures {
  frames: number;
  durationMs: number;
  longTasks: number;
  longestTaskMs: number;
  maxFrameMs: number;
}

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

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

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
      grid.scrollTo(0, 0);
      await nextFrame();
      const tasks: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: "longtask" });
      const started = performance.now();
      let last = started;
      let frames = 0;
      let maxFrameMs = 0;
      const frame = async () => {
        const now = await nextFrame();
        maxFrameMs = Math.max(maxFrameMs, now - last);
        last = now;
        frames++;
      };
      while (grid.scrollLeft < grid.scrollWidth - grid.clientWidth - 1) {
        grid.scrollLeft += step;
        await frame();
      }
      while (grid.scrollTop < grid.scrollHeight - grid.clientHeight - 1) {
        grid.scrollTop += Math.max(1, Math.round(step / 4));
        await frame();
      }
      await frame();
      await frame();
      const durationMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
      tasks.push(...observer.takeRecords());
      observer.disconnect();
      return {
        frames,
        durationMs,
        longTasks: tasks.length,
        longestTaskMs: tasks.reduce((max, t) => Math.max(max, t.duration), 0),
        maxFrameMs,
      };
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
