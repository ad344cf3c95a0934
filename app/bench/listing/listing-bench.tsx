"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { CalendarYearGrid } from "@/components/listing/calendar/calendar-year-grid";
import { NightDetails } from "@/components/listing/calendar/night-details";
import { KpiChart } from "@/components/listing/kpis/kpi-chart";
import type { KpiPoint } from "@/lib/metrics/kpi-series";
import { buildCalendarYear } from "@/lib/listing/calendar/model";
import { syntheticKpiPoints, syntheticYear, type SyntheticYear } from "@/app/bench/listing/synthetic-listing";

/** What `npm run bench:listing` drives through `window.listingBench`. */
export interface ListingBenchApi {
  /** Unmounts, then times the year's answers in hand → model built, 12 months painted. */
  calendar: (seed: number) => Promise<number>;
  /** Unmounts, then times 27 points in hand → every bar of the KPI chart painted. */
  kpiChart: (seed: number) => Promise<number>;
}

declare global {
  interface Window {
    listingBench?: ListingBenchApi;
  }
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** The first frame after a change is painted by the time the second one starts. */
const painted = async () => {
  await nextFrame();
  await nextFrame();
};

const DISPLAY = { currency: "USD", cellValue: "price", showGuestPrice: false, showMinStay: false } as const;
const PARTS = {
  recommendations: "ready",
  neighborhood: "ready",
  lastPosted: "ready",
  fees: "off",
  minStay: "off",
} as const;

/** What the calendar tab draws below its options: the night details and the twelve months. */
function CalendarFromAnswers({ answers }: { answers: SyntheticYear }) {
  const year = useMemo(() => buildCalendarYear(answers), [answers]);
  const first = answers.range.start_date;
  return (
    <div className="space-y-3">
      <NightDetails date={first} night={year.byDate.get(first) ?? null} currency="USD" parts={PARTS} />
      <CalendarYearGrid
        year={year}
        display={DISPLAY}
        selected={first}
        hovered={null}
        onSelect={() => {}}
        onHover={() => {}}
      />
    </div>
  );
}

/** Resolves once `count` bars are in `root` (the chart measures its box before drawing them). */
function barsDrawn(root: HTMLElement, count: number): Promise<void> {
  const ready = () => root.querySelectorAll(".recharts-bar-rectangle").length >= count;
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

export function ListingBench() {
  const [answers, setAnswers] = useState<SyntheticYear | null>(null);
  const [points, setPoints] = useState<KpiPoint[] | null>(null);
  const calendarDone = useRef<(() => void) | null>(null);
  const chartRoot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answers && calendarDone.current) {
      const done = calendarDone.current;
      calendarDone.current = null;
      done();
    }
  }, [answers]);

  useEffect(() => {
    const calendar = async (seed: number) => {
      setAnswers(null);
      setPoints(null);
      await painted();
      const data = syntheticYear(seed);
      const committed = new Promise<void>((resolve) => (calendarDone.current = resolve));
      const started = performance.now();
      setAnswers(data);
      await committed;
      await painted();
      return performance.now() - started;
    };

    const kpiChart = async (seed: number) => {
      setAnswers(null);
      setPoints(null);
      await painted();
      const data = syntheticKpiPoints(seed);
      const started = performance.now();
      setPoints(data);
      // The root exists once React commits; wait for it, then for the bars.
      while (!chartRoot.current?.querySelector(".recharts-wrapper"))
        await new Promise((r) => setTimeout(r, 0));
      await barsDrawn(chartRoot.current, data.filter((p) => p.value !== null).length);
      await painted();
      return performance.now() - started;
    };

    window.listingBench = { calendar, kpiChart };
    document.body.dataset.benchReady = "1";
    return () => {
      delete window.listingBench;
      delete document.body.dataset.benchReady;
    };
  }, []);

  return (
    <div className="space-y-6">
      <div data-testid="bench-calendar">{answers ? <CalendarFromAnswers answers={answers} /> : null}</div>
      <div data-testid="bench-kpi-chart" ref={chartRoot} style={{ width: 900 }}>
        {points ? <KpiChart data={points} metric="adr" currency="USD" /> : null}
      </div>
    </div>
  );
}
