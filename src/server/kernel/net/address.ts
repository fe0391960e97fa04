import "server-only";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import net from "node:net";
import { checkPublicUrl } from "@/lib/url-safety";
import { chatHostAllowed, type WebhookKind } from "@/lib/webhooks";
import { env } from "../env";

// Where a webhook may be sent (docs/decisions/0058). When the address is saved: the site's one rule
// for addresses (ADR 0023, `checkPublicUrl`: no IP address, no local name, no user name) plus https,
// and for a chat endpoint its service's hosts. When it is sent: the host name is resolved here, every
// address it resolved to is checked against the ranges below, and the connection goes to an address
// that passed (the socket's `lookup` is ours), so a name that resolves to a public address when
// saved and to 127.0.0.1 later (DNS rebinding) is refused at send time.
// WEBHOOK_ALLOW_PRIVATE_TARGETS=true lifts both checks for a receiver on this machine or network
// (tests, development); it is never on by default.

const MESSAGES: Record<string, string> = {
  invalid: "Enter the full address of the receiver, starting with https://.",
  scheme: "The address must start with https://.",
  form: "Enter the full address of the receiver, starting with https://.",
  userinfo: "The address must not contain a user name or password (nothing before an @).",
  ip: "Enter a host name (such as hooks.example.com), not an IP address.",
  local: "This host name only works inside a network; enter the receiver's public address.",
  host: "The host name can only contain letters, digits and hyphens, like hooks.example.com.",
  character: "The address contains characters that are not part of one (quotes, angle brackets, backticks or braces).",
};

export const allowPrivateTargets = (): boolean => env().WEBHOOK_ALLOW_PRIVATE_TARGETS;

/** The address as stored, or the sentence beside the field saying why it is refused. */
export function checkWebhookUrl(value: string, kind: WebhookKind, options: { allowPrivate?: boolean } = {}): { url: string } | { message: string } {
  const allowPrivate = options.allowPrivate ?? allowPrivateTargets();
  const checked = checkPublicUrl(value.trim());
  let url: URL;
  if ("url" in checked) url = new URL(checked.url);
  else if (allowPrivate && (checked.refusal === "ip" || checked.refusal === "local")) url = new URL(value.trim());
  else return { message: MESSAGES[checked.refusal] ?? MESSAGES.invalid! };
  // A receiver on this machine rarely has a certificate: plain http only with the allowance.
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return { message: MESSAGES.scheme! };
  if (url.hash) return { message: "The address must not contain a # fragment." };
  if (!chatHostAllowed(kind, url.hostname)) {
    return {
      message:
        kind === "slack"
          ? "A Slack endpoint is an incoming webhook address on hooks.slack.com."
          : "A Teams endpoint is an incoming webhook address on <your tenant>.webhook.office.com (or a Workflows address on logic.azure.com).",
    };
  }
  return { url: url.toString() };
}

// ---- Send time: the resolved address --------------------------------------------------------------

const v4 = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 reaches this machine on Linux
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (and Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const)
  v4.addSubnet(prefix, bits, "ipv4");

const v6 = new net.BlockList();
for (const [prefix, bits] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["100::", 64], // discard
  ["2001::", 32], // Teredo (tunnels to any IPv4 address)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (fd00:ec2::254 is EC2's metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  v6.addSubnet(prefix, bits, "ipv6");

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(address: string): number[] | null {
  let text = address.split("%")[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const o = dotted[1]!.split(".").map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const groups = [...h, ...Array<string>(Math.max(0, fill)).fill("0"), ...t].map((g) => parseInt(g || "0", 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * Why a resolved address may not be sent to, or null when it is a public unicast address. IPv6 forms
 * that carry an IPv4 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by
 * the IPv4 address inside.
 */
export function refusedAddress(address: string): string | null {
  const family = net.isIP(address.split("%")[0]!);
  if (family === 4) return v4.check(address, "ipv4") ? `${address} is a private, loopback, link-local or reserved address` : null;
  if (family !== 6) return `${address} is not an IP address`;
  const g = groupsOf(address);
  if (!g) return `${address} is not an IP address`;
  const embedded =
    g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff
      ? ipv4Of(g[6]!, g[7]!)
      : g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0
        ? ipv4Of(g[6]!, g[7]!)
        : g[0] === 0x2002
          ? ipv4Of(g[1]!, g[2]!)
          : null;
  if (embedded) return refusedAddress(embedded) ? `${address} carries ${embedded}, a private or reserved address` : null;
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return `${address} is a local NAT64 address`;
  const canonical = g.map((x) => x.toString(16)).join(":");
  return v6.check(canonical, "ipv6") ? `${address} is a private, loopback, link-local or reserved address` : null;
}

export class RefusedAddressError extends Error {
  readonly code = "EWEBHOOKREFUSED";
  constructor(message: string) {
    super(message);
    this.name = "RefusedAddressError";
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How names are resolved: the system's resolver (tests give their own answers). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The addresses a host may be reached at: an IP literal as it is, a name as resolved, each refused
 * range left out. Throws RefusedAddressError when none is left (the message names what was refused).
 */
export async function resolveTarget(hostname: string, options: { resolver?: Resolver; allowPrivate?: boolean } = {}): Promise<ResolvedAddress[]> {
  const allowPrivate = options.allowPrivate ?? allowPrivateTargets();
  const host = hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host);
  const found = literal ? [{ address: host, family: literal }] : await (options.resolver ?? systemResolver)(host);
  if (allowPrivate) return found;
  const allowed = found.filter((a) => !refusedAddress(a.address));
  if (allowed.length === 0) {
    const why = found.map((a) => refusedAddress(a.address)).find(Boolean) ?? "no address";
    throw new RefusedAddressError(`refused: ${hostname} resolves to ${why}`);
  }
  return allowed;
}

/** How long the save-time resolution may take: a name that does not answer is left to the send-time check. */
const SAVE_RESOLVE_MS = 3_000;

/**
 * The save-time look at where a host name leads (docs/decisions/0079): resolved now, and refused with
 * the reason when every address it gives is one a webhook is never sent to (`127.0.0.1.nip.io`
 * resolves to this machine, `10.0.0.5.sslip.io` into a private network), so the member learns it
 * when saving rather than from failed deliveries. A name that does not resolve now (not yet
 * published, the resolver down) is saved: the send-time check, which decides, still applies.
 */
export async function refusedWebhookHost(url: string, options: { resolver?: Resolver; allowPrivate?: boolean } = {}): Promise<string | null> {
  if (options.allowPrivate ?? allowPrivateTargets()) return null;
  const host = new URL(url).hostname;
  let found: ResolvedAddress[];
  try {
    found = await Promise.race([
      (options.resolver ?? systemResolver)(host.replace(/^\[|\]$/g, "")),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), SAVE_RESOLVE_MS).unref()),
    ]);
  } catch {
    return null;
  }
  if (found.length === 0 || found.some((a) => !refusedAddress(a.address))) return null;
  const why = refusedAddress(found[0]!.address);
  return `${host} resolves to ${why}: webhooks are never sent there. Enter the receiver's public address.`;
}

/**
 * A socket `lookup` that answers with `addresses` (from `resolveTarget`) only, so the connection goes
 * to an address that was checked and never to what a second resolution of the name might return.
 */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as (e: null, a: typeof list) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}
