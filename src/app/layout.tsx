import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { titleTemplate } from "@/lib/metadata";
import { inlineSmallSvg } from "@/components/marketing/inline-svg";
import { siteConfig } from "@/server/kernel/site-config";
import { brandFont } from "./fonts";
import "./globals.css";

/**
 * The site's icon, written into every page's head (inline-svg.ts: a linked icon was requested before
 * the first paint, docs/decisions/0105). The file stays at /icon.svg, the logo named in the pages'
 * structured data, and is linked instead should it outgrow the inlining limit.
 */
const ICON = "/icon.svg";

export async function generateMetadata(): Promise<Metadata> {
  const site = siteConfig();
  return {
    metadataBase: new URL(site.url),
    title: { default: `${site.name}: Growth Marketing Agency in Mumbai`, template: titleTemplate(site.name) },
    description: site.description,
    applicationName: site.name,
    openGraph: { siteName: site.name, locale: "en_IN", type: "website" },
    formatDetection: { telephone: false },
    icons: { icon: [{ url: inlineSmallSvg(ICON) ?? ICON, type: "image/svg+xml" }] },
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
