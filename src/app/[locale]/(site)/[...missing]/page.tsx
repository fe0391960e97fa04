import type { Metadata } from "next";
import { NotFoundPage } from "@/components/site/not-found-page";
import { log } from "@/server/kernel/log";

// Every unknown public path lands here: it is logged on the server, then answered with the 404
// page, rendered here (not by notFound(), whose answer is an empty document until the script runs):
// its mark makes the host send it with the 404 status. Rendered on every request so that each miss is logged.
export const dynamic = "force-dynamic";

// The title the browser keeps once the scripts have rendered the 404 page (not-found.tsx carries
// the same for the server's HTML); without it the layout's default, the home page's, shows.
export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params;
  log("warn", "page not found", { path: `/${missing.map(encodeURIComponent).join("/")}` });
  return <NotFoundPage />;
}
