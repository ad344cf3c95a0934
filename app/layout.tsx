import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { THEME_SCRIPT } from "@/lib/display/theme";
import "@/app/globals.css";
import { Providers } from "@/app/providers";
import { typeface } from "@/app/typeface";

export const metadata: Metadata = {
  title: { default: "Rate Desk", template: "%s · Rate Desk" },
  description: "Revenue management for short-term-rental professionals.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, the not-found page included: the CSP nonce (proxy.ts) is
  // new each time, and a page prerendered at build time would carry scripts without it.
  await connection();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // data-theme is set by THEME_SCRIPT before React hydrates, hence the warning suppressed.
    <html lang="en" className={typeface.variable} suppressHydrationWarning>
      <head>
        {/* Before first paint, so that a dark page never flashes white (lib/display/theme.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
