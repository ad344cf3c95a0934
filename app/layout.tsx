import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Rate Desk", template: "%s · Rate Desk" },
  description: "Revenue management for short-term-rental professionals.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, the not-found page included: the CSP nonce (proxy.ts) is
  // new each time, and a page prerendered at build time would carry scripts without it.
  await connection();
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
