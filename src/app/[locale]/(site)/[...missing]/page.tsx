import { notFound } from "next/navigation";
import { log } from "@/server/log";

// Every unknown public path lands here: it is logged on the server (SPEC §2 Not-found page), then
// answered with the 404 page. Rendered on every request so that each miss is logged.
export const dynamic = "force-dynamic";

export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params;
  log("warn", "page not found", { path: `/${missing.map(encodeURIComponent).join("/")}` });
  notFound();
}
