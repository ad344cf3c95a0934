"use client";

import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { saveBlob } from "@/components/ui/save-blob";

/**
 * The chart in a box as a PNG: its SVG drawn on a white canvas at twice its size, with the
 * page's font named on it (a standalone SVG image does not inherit the page's styles).
 */
async function chartPng(svg: SVGSVGElement): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  clone.setAttribute("width", String(width));
  clone.setAttribute("height", String(height));
  clone.setAttribute("style", `font-family: ${getComputedStyle(svg).fontFamily}; font-size: 12px`);
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(clone)], { type: "image/svg+xml" }),
  );
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The chart could not be drawn."))),
        "image/png",
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function DownloadChartPng({
  chart,
  filename,
}: {
  /** The box holding the chart's SVG (the largest one in it is the plot; legends are HTML). */
  chart: RefObject<HTMLElement | null>;
  filename: string;
}) {
  const download = async () => {
    const svgs = [...(chart.current?.querySelectorAll("svg") ?? [])];
    const plot = svgs.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0];
    if (plot) saveBlob(await chartPng(plot), filename);
  };
  return (
    <Button variant="secondary" onClick={() => void download()} className="py-1 text-xs">
      Download PNG
    </Button>
  );
}
