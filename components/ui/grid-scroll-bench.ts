/**
 * What the grid benchmarks measure while a grid scrolls (the set price calendar, the
 * portfolio calendar): frames, long tasks over 50 ms and the longest frame, scrolling from the
 * first column to the last, then from the top row to the bottom, `step` px a frame.
 */
export interface ScrollFigures {
  frames: number;
  durationMs: number;
  longTasks: number;
  longestTaskMs: number;
  maxFrameMs: number;
}

export const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

export async function scrollGrid(
  grid: HTMLElement,
  step: number,
  rowStep = Math.max(1, Math.round(step / 4)),
) {
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
    grid.scrollTop += rowStep;
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
  } satisfies ScrollFigures;
}
