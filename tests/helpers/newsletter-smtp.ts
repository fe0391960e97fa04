import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface AcceptedMail {
  to: string;
  raw: string;
  /** When the server answered 250 (ms since the epoch). */
  at: number;
  messageId: string;
}

/**
 * A real SMTP server on loopback for the newsletter's tests. A message counts as accepted only once
 * its 250 is written to a connection still open: a client killed while the answer is held (`holdMs`)
 * never had it accepted, as with a real server. `refuse` answers a recipient with an SMTP error.
 */
export async function startNewsletterSmtp(options: { holdMs?: () => number; refuse?: (to: string) => { code: number; message: string } | null } = {}) {
  const accepted: AcceptedMail[] = [];
  const closed = new Set<string>();
  // Each copy whose 250 is still held back: its hold and its text.
  const holding: { ms: number; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const hold = options.holdMs?.() ?? 0;
        const held = { ms: hold, raw };
        holding.push(held);
        setTimeout(() => {
          holding.splice(holding.indexOf(held), 1);
          if (closed.has(session.id)) return callback(new Error("connection closed"));
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
          for (const r of session.envelope.rcptTo) accepted.push({ to: r.address, raw, at: Date.now(), messageId });
          callback();
        }, hold);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    port: address.port,
    accepted,
    /** Copies whose 250 is held back now; with `minHoldMs`, only those held at least that long; with `containing`, only those whose text holds it. */
    inFlight: (minHoldMs = 0, containing = "") => holding.filter((h) => h.ms >= minHoldMs && h.raw.includes(containing)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw message, unfolded. */
export function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head);
  return match ? match[1]!.trim() : null;
}
