import type { ReactNode } from "react";
import { AttributionTracker } from "@/components/forms/attribution-tracker";
import { FloatingActions } from "@/components/site/floating-actions";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { siteConfig } from "@/server/site-config";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="min-h-[60vh]">
        {children}
      </main>
      <SiteFooter />
      <FloatingActions whatsappUrl={siteConfig().whatsappUrl} />
      <AttributionTracker />
    </>
  );
}
