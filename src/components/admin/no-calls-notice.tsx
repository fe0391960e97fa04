import { CalendarClock } from "lucide-react";
import { dashboardHref } from "@/lib/routes";

/** Nobody on the lead desk takes strategy calls: visitors can only ask for one (docs/decisions/0085). */
export function NoCallsNotice() {
  return (
    <div
      role="status"
      data-testid="no-calls-notice"
      className="mb-6 flex items-start gap-3 rounded-card border border-accent-400 bg-accent-300/20 p-4 text-sm text-ink"
    >
      <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <strong>No one takes strategy calls yet.</strong> Visitors cannot book a call on your site; they can only ask to be called.{" "}
        <a href={dashboardHref("booking")} className="font-semibold text-brand-800 underline">
          Set your office hours on the Calls screen
        </a>
        .
      </p>
    </div>
  );
}
