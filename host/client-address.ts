import type { IncomingMessage } from "node:http";

// The client's address for rate limits (docs/decisions/0015). The app takes the last entry of
// X-Forwarded-For (src/server/kernel/request-info.ts), which is right behind a proxy that appends the
// address it saw, and wrong without one: the client then writes the header itself. Unless
// TRUST_PROXY says a proxy is in front, the header is replaced here by the connection's own address
// before Next sees the request (and X-Real-IP, which no proxy of ours set, is dropped). The host and
// scheme a proxy saw (X-Forwarded-Host, -Proto, -Port, Forwarded) are dropped too: the Origin checks
// compare with the host, and without a proxy those headers are whatever the client wrote
// (docs/decisions/0022). Next then fills X-Forwarded-Host from Host.
// Same values as the flag in src/server/kernel/env.ts, which validates TRUST_PROXY at start-up.
export const trustProxy = ["1", "true", "on", "yes"].includes(process.env.TRUST_PROXY ?? "");

export function useSocketAddress(req: IncomingMessage, trusted: boolean = trustProxy): void {
  if (trusted) return;
  const address = req.socket.remoteAddress ?? "unknown";
  req.headers["x-forwarded-for"] = address.startsWith("::ffff:") ? address.slice(7) : address;
  delete req.headers["x-real-ip"];
  for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"]) delete req.headers[name];
}
