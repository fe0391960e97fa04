import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { titleTemplate } from "@/lib/metadata";
import { siteConfig } from "@/server/kernel/site-config";
import { brandFont } from "./fonts";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const site = siteConfig();
  return {
    metadataBase: new URL(site.url),
    title: { default: `${site.name}: Growth Marketing Agency in Mumbai`, template: titleTemplate(site.name) },
    description: site.description,
    applicationName: site.name,
    openGraph: { siteName: site.name, locale: "en_IN", type: "website" },
    formatDetection: { telephone: false },
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
