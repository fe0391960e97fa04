import crypto from "node:crypto";
import { domainToASCII } from "node:url";

/**
 * Who an acknowledgement counts against (docs/decisions/0042): the mailbox an address reaches and
 * the client that sent the form, so that spellings of one inbox and addresses of one network share
 * one allowance.
 */

/**
 * Providers that deliver every dotted spelling of a local part to the same inbox, each mapped to the
 * domain its mailboxes are counted under: Google documents this for gmail.com, and googlemail.com is
 * the same mailbox under another name. Other providers (Outlook, Yahoo, iCloud, Zoho, company
 * domains, Google Workspace domains) deliver `a.b@` and `ab@` to different people, so their dots count.
 */
export const DOTS_IGNORED: Readonly<Record<string, string>> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The mailbox an address reaches, as the once-a-day rule counts it: lower-cased, the domain in
 * A-labels (`bücher.example` and `xn--bcher-kva.example` are one domain), a `+tag` removed for
 * every domain (Gmail, Outlook, iCloud, Fastmail and most servers deliver `name+anything@` to
 * `name@`; where one does not, two people merely share one acknowledgement a day), and dots removed
 * where the provider ignores them (DOTS_IGNORED). Only for counting: mail goes to the address as typed.
 */
export function mailboxKey(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  const typedDomain = lower.slice(at + 1);
  let domain = domainToASCII(typedDomain) || typedDomain;
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTS_IGNORED[domain];
  if (canonical) {
    local = local.replaceAll(".", "") || local;
    domain = canonical;
  }
  return `${local}@${domain}`;
}

/**
 * The client a form came from, as the acknowledgement limit counts it: an IPv4 address as it is, an
 * IPv6 address by its /64 (one household or server is given at least a /64 and can pick any address
 * in it at will). An IPv4 address written in IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */
export function clientKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"), ...tailGroups];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * The network a client is in, for limits a household's neighbours share (docs/decisions/0077): an
 * IPv4 address's /24, an IPv6 address's /48 (what one site is usually given). Whatever is not an
 * address is returned as it is.
 */
export function networkKey(ip: string): string {
  const client = clientKey(ip);
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(client);
  if (v4) return `${v4[1]}.0/24`;
  const v6 = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(client);
  if (v6) return `${v6[1]}::/48`;
  return client;
}

/** A mailbox (mailboxKey) as a counter's key: hashed, so that counters hold no address an erasure would have to find (docs/decisions/0078). */
export function mailboxHash(address: string): string {
  return crypto.createHash("sha256").update(mailboxKey(address)).digest("hex").slice(0, 32);
}
