import type { Metadata } from "next";
import { NotBuilt } from "@/components/shell/not-built";
import { sectionAt } from "@/lib/sections";

const section = sectionAt("/usage");
export const metadata: Metadata = { title: section.label };

export default function UsagePage() {
  return <NotBuilt section={section} />;
}
