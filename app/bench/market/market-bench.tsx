"use client";

import { useEffect, useRef, useState } from "react";
import { MarketBandChart } from "@/components/market/market-band-chart";
import { MarketDistributionChart } from "@/components/market/market-distribution-chart";
import { bedroomShortLabel } from "@/lib/market/bedrooms";
import { placeMine } from "@/lib/market/standing";
import { BENCH_GROUPS, syntheticMarket, type SyntheticMarket } from "@/app/bench/market/synthetic-market";

/** What `npm run bench:market` drives through `window.marketBench`. */
export type BenchPart = "both" | "trend" | "distribution";

export interface MarketBenchApi {
  /** Unmounts, then times the answers in hand → the charts drawn and painted. */
  render: (seed: number, part?: BenchPart) => Promise<number>;
}

declare global {
  interface Window {
    marketBench?: MarketBenchApi;
  }
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** The first frame after a change is painted by the time the second one starts. */
const painted = async () => {
  await nextFrame();
  await nextFrame();
};

/** Resolves once `ready()` holds for `root` (the charts measure their box before drawing). */
function drawn(root: HTMLElement, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true });
  });
}

/** The two charts of a market page from answers in hand, built as the tabs build them. */
function MarketFigures({ data, part }: { data: SyntheticMarket; part: BenchPart }) {
  const result = placeMine(data.distribution, data.mine);
  return (
    <div className="space-y-6">
      {part === "distribution" ? null : (
        <div data-testid="bench-trend">
          <MarketBandChart
            series={data.series.map((answer, i) => ({
              label: bedroomShortLabel(BENCH_GROUPS[i]!),
              colorIndex: i,
              answer,
            }))}
            metric="adr"
            currency="USD"
            granularity="month"
            caption="ADR (USD), 15 months back to 12 ahead, monthly"
          />
        </div>
      )}
      {part === "trend" ? null : (
        <div data-testid="bench-distribution">
          <MarketDistributionChart
            distribution={data.distribution}
            result={result}
            mine={data.mine}
            metric="adr"
            currency="USD"
            caption="ADR (USD), past 30 days, all listings"
          />
        </div>
      )}
    </div>
  );
}

export function MarketBench() {
  const [data, setData] = useState<{ answers: SyntheticMarket; part: BenchPart } | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const render = async (seed: number, part: BenchPart = "both") => {
      setData(null);
      await painted();
      const answers = syntheticMarket(seed);
      // A bucket with no listing draws no rectangle.
      const bars = answers.distribution.buckets.filter((b) => b.count > 0).length;
      const started = performance.now();
      setData({ answers, part });
      // The root's charts exist once React commits; then wait for every series and bar.
      while (!root.current?.querySelector(".recharts-wrapper")) await new Promise((r) => setTimeout(r, 0));
      const el = root.current;
      const count = (selector: string) => el.querySelectorAll(selector).length;
      await drawn(
        el,
        () =>
          (part === "distribution" ||
            (count("[data-testid=bench-trend] .recharts-line-curve") >= BENCH_GROUPS.length &&
              count("[data-testid=bench-trend] .recharts-area-area") >= BENCH_GROUPS.length)) &&
          (part === "trend" || count("[data-testid=bench-distribution] .recharts-bar-rectangle") >= bars),
      );
      await painted();
      return performance.now() - started;
    };
    window.marketBench = { render };
    document.body.dataset.benchReady = "1";
    return () => {
      delete window.marketBench;
      delete document.body.dataset.benchReady;
    };
  }, []);

  return (
    <div ref={root} style={{ width: 1100 }}>
      {data ? <MarketFigures data={data.answers} part={data.part} /> : null}
    </div>
  );
}
