"use client";

import { Button } from "@/components/ui/button";
import { saveBlob } from "@/components/ui/save-blob";

/** Saves CSV text built on click as a file: the figures on screen, nothing fetched again. */
export function DownloadCsvButton({
  filename,
  build,
  label = "Download CSV",
  disabled,
}: {
  filename: string;
  build: () => string;
  label?: string;
  disabled?: boolean;
}) {
  const download = () => saveBlob(new Blob([build()], { type: "text/csv;charset=utf-8" }), filename);
  return (
    <Button variant="secondary" onClick={download} disabled={disabled} className="py-1 text-xs">
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="h-3.5 w-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M2.5 13.5h11" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {label}
    </Button>
  );
}
