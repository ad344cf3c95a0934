import type { Metadata } from "next";
import { NotBuilt } from "@/components/shell/not-built";
import { sectionAt } from "@/lib/shell/sections";

const section = sectionAt("/market");
export const metadata: Metadata = { title: section.label };

export default function MarketPage() {
  return <NotBuilt section={section} />;
}
