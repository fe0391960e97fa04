import Link from "next/link";
import { dashboardHref } from "@/lib/routes";
import { formatAdminDate } from "@/lib/format";
import { callState } from "@/lib/booking";
import type { BookingListItem } from "@/server/booking/data/bookings";

/** A call's state as the Calls screen names it (docs/decisions/0077): a visitor's hold is not yet a call. */
function stateText(item: BookingListItem): string {
  const state = callState(item);
  if (state === "held") return item.heldUntil ? `Held until ${formatAdminDate(item.heldUntil)}, not confirmed` : "Held, not confirmed";
  return state === "confirmed" ? "Confirmed" : state === "released" ? "Released (not confirmed in time)" : "Cancelled";
}

/**
 * Calls as a table (docs/decisions/0065): their time (site time), the visitor, the member, a link to
 * the lead. The Due view shows the coming days' with it; the Calls screen adds the row controls.
 */
export function BookingTable({
  items,
  caption,
  controls,
  testId,
}: {
  items: BookingListItem[];
  caption: string;
  controls?: (item: BookingListItem) => React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface" data-testid={testId}>
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas text-ink-soft">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              When (India time)
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Visitor
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              With
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Topic
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              State
            </th>
            {controls && (
              <th scope="col" className="px-4 py-2 font-semibold">
                Status
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {items.map((item) => (
            <tr key={item.id} id={`call-${item.id}`}>
              <td className="px-4 py-2 font-semibold whitespace-nowrap">{formatAdminDate(item.startsAt)}</td>
              <td className="px-4 py-2">
                {item.leadId ? (
                  <Link href={dashboardHref("leads", { edit: item.leadId })} className="font-semibold text-brand-800 hover:underline">
                    {item.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{item.name}</span>
                )}
                <span className="block text-xs text-muted">
                  {item.email} · {item.phone}
                  {item.company ? ` · ${item.company}` : ""}
                </span>
              </td>
              <td className="px-4 py-2">{item.hostName ?? "(no member)"}</td>
              <td className="max-w-[18rem] truncate px-4 py-2" title={item.topic}>
                {item.topic}
              </td>
              <td className="px-4 py-2" data-testid="call-state" data-state={callState(item)}>
                {stateText(item)}
              </td>
              {controls && <td className="px-4 py-2">{controls(item)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
