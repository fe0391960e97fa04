import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Razorpay's Payment Links API on 127.0.0.1, so no test reaches the network:
 * the app is pointed at it with RAZORPAY_API_BASE (or the provider's apiBase). It checks the basic
 * auth it is given like Razorpay does, answers a created link the way Razorpay's documentation
 * shows one (id plink_…, short_url, status "created"), refuses a body without the fields Razorpay
 * requires with Razorpay's error shape, and keeps every request for the test to read.
 */

export interface FakeRazorpayRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

export interface FakeRazorpay {
  /** The origin to give as RAZORPAY_API_BASE, e.g. http://127.0.0.1:40123. */
  base: string;
  requests: FakeRazorpayRequest[];
  /** The next request is answered with this status and Razorpay's error body (or this raw text). */
  failNext(status: number, description: string, raw?: boolean): void;
  close(): Promise<void>;
}

export async function startFakeRazorpay(keys: { keyId: string; keySecret: string }, port = 0): Promise<FakeRazorpay> {
  const requests: FakeRazorpayRequest[] = [];
  let failure: { status: number; description: string; raw: boolean } | null = null;
  let count = 0;
  const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`;
  const error = (status: number, code: string, description: string) => ({
    status,
    body: { error: { code, description, source: "business", step: "payment_initiation", reason: "input_validation_failed" } },
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization ?? null,
        contentType: req.headers["content-type"] ?? null,
        body,
      });
      const send = (status: number, payload: unknown, raw = false) => {
        res.writeHead(status, { "content-type": raw ? "text/html" : "application/json" });
        res.end(raw ? String(payload) : JSON.stringify(payload));
      };
      if (failure) {
        const f = failure;
        failure = null;
        return f.raw ? send(f.status, f.description, true) : send(f.status, error(f.status, "BAD_REQUEST_ERROR", f.description).body);
      }
      if (req.method !== "POST" || req.url !== "/v1/payment_links")
        return send(404, error(404, "NOT_FOUND", "The requested URL was not found on the server.").body);
      if (req.headers.authorization !== expected) return send(401, error(401, "BAD_REQUEST_ERROR", "Authentication failed").body);
      const b = (body ?? {}) as Record<string, unknown>;
      if (!Number.isInteger(b.amount) || (b.amount as number) < 100)
        return send(400, error(400, "BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00").body);
      if (b.currency !== "INR") return send(400, error(400, "BAD_REQUEST_ERROR", "The currency field is invalid.").body);
      count += 1;
      const id = `plink_Fake${String(count).padStart(10, "0")}`;
      send(200, {
        id,
        short_url: `https://rzp.io/i/fake${count}`,
        status: "created",
        amount: b.amount,
        amount_paid: 0,
        currency: "INR",
        reference_id: b.reference_id,
        description: b.description,
        customer: b.customer,
        notify: b.notify,
        accept_partial: b.accept_partial ?? false,
        callback_url: b.callback_url ?? "",
        created_at: Math.floor(Date.now() / 1000),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${bound}`,
    requests,
    failNext(status, description, raw = false) {
      failure = { status, description, raw };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
