import "server-only";
import { checkPublicUrl } from "@/lib/url-safety";
import { env } from "../../kernel/env";

// A member's CalDAV server address is fetched by this server, so it follows the webhooks' rule
// (docs/decisions/0058): when saved, a public host name over https (no IP address, no local name, no
// user name in it); when fetched, every address the name resolves to is checked and the connection
// goes to one that passed (src/server/booking/calendar-sync/http.ts). CALENDAR_ALLOW_PRIVATE_TARGETS=true lifts
// both for a server on this machine or network (tests, development).

const MESSAGES: Record<string, string> = {
  invalid: "Enter the full address of your calendar server, starting with https://.",
  scheme: "The address must start with https://.",
  form: "Enter the full address of your calendar server, starting with https://.",
  userinfo: "Put the user name in its own field, not in the address (nothing before an @).",
  ip: "Enter a host name (such as caldav.fastmail.com), not an IP address.",
  local: "This host name only works inside a network; enter the calendar server's public address.",
  host: "The host name can only contain letters, digits and hyphens, like caldav.example.com.",
  character: "The address contains characters that are not part of one (quotes, angle brackets, backticks or braces).",
};

export const allowPrivateCalendarTargets = (): boolean => env().CALENDAR_ALLOW_PRIVATE_TARGETS;

/** The address as stored, or the sentence beside the field saying why it is refused. */
export function checkCalendarUrl(value: string, options: { allowPrivate?: boolean } = {}): { url: string } | { message: string } {
  const allowPrivate = options.allowPrivate ?? allowPrivateCalendarTargets();
  const trimmed = value.trim();
  const checked = checkPublicUrl(trimmed);
  let url: URL;
  if ("url" in checked) url = new URL(checked.url);
  else if (allowPrivate && (checked.refusal === "ip" || checked.refusal === "local")) url = new URL(trimmed);
  else return { message: MESSAGES[checked.refusal] ?? MESSAGES.invalid! };
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return { message: MESSAGES.scheme! };
  if (url.hash || url.search) return { message: "The address must not contain a ? query or a # fragment." };
  return { url: url.toString() };
}
