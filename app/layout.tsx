import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { themeScript } from "@/components/theme/theme";
import { getSession } from "./(studio)/session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Programmable Worlds", template: "%s · Programmable Worlds" },
  description:
    "Turn a premise, a seed image or a book into a playable, AI-rendered world graph. Build in the Studio, automate with the API, embed it for players.",
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbfbfc" },
    { media: "(prefers-color-scheme: dark)", color: "#111114" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Handed to next-auth's provider so that it does not fetch the session again on load.
  const session = await getSession();
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`} suppressHydrationWarning>
      <head>
        {/* Sets the theme class before first paint (no white flash in dark mode). */}
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-dvh">
        <Providers session={session}>{children}</Providers>
      </body>
    </html>
  );
}
