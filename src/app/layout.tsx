import fs from "node:fs";
import path from "node:path";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { titleTemplate } from "@/lib/metadata";
import { siteConfig } from "@/server/kernel/site-config";
import { brandFont } from "./fonts";
import "./globals.css";

/**
 * The site's icon, written into every page's head as a data: address rather than linked: a linked
 * icon is requested while the page is still loading, and on a slow phone connection that request
 * competes with the page's own before its first paint (Lighthouse counts it in the largest paint:
 * about 150 ms on every page). The file itself stays at /icon.svg, the logo named in the pages'
 * structured data.
 */
const iconDataUrl = `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), "public", "icon.svg"), "utf8").trim())}`;

export async function generateMetadata(): Promise<Metadata> {
  const site = siteConfig();
  return {
    metadataBase: new URL(site.url),
    title: { default: `${site.name}: Growth Marketing Agency in Mumbai`, template: titleTemplate(site.name) },
    description: site.description,
    applicationName: site.name,
    openGraph: { siteName: site.name, locale: "en_IN", type: "website" },
    formatDetection: { telephone: false },
    icons: { icon: [{ url: iconDataUrl, type: "image/svg+xml" }] },
  };
}

export const viewport: Viewport = {
  themeColor: "#26145a",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN" className={brandFont.variable}>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
