import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A webhook receiver for the tests: a Node HTTP server on 127.0.0.1 that verifies each request's
// signature with the standardwebhooks library (as a customer's receiver would) and keeps what came.

export interface Received {
  id: string;
  timestamp: string;
  body: string;
  json: { type?: string; timestamp?: string; data?: Record<string, unknown> } & Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  /** Whether the signature verified with the endpoint's secret. */
  verified: boolean;
  verifyError?: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** What to answer (default 204); called per request. */
  answer: (request: Received) => Answer;
  secret: string | null;
  /** Stops listening (the port stays known, so `start` can listen on it again). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves when `count` requests in all have come (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

export async function startReceiver(options: { port?: number } = {}): Promise<Receiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  let server: http.Server | null = null;
  const receiver: Receiver = {
    url: "",
    port: options.port ?? 0,
    received: [],
    answer: () => ({ status: 204 }),
    secret: null,
    async start() {
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (c: Buffer) => chunks.push(c));
        request.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const headers = request.headers;
          const got: Received = {
            id: String(headers["webhook-id"] ?? ""),
            timestamp: String(headers["webhook-timestamp"] ?? ""),
            body,
            json: safeJson(body),
            headers,
            verified: false,
          };
          if (receiver.secret) {
            try {
              new Webhook(receiver.secret).verify(body, {
                "webhook-id": got.id,
                "webhook-timestamp": got.timestamp,
                "webhook-signature": String(headers["webhook-signature"] ?? ""),
              });
              got.verified = true;
            } catch (error) {
              got.verifyError = (error as Error).message;
            }
          }
          const answer = receiver.answer(got);
          const send = () => {
            receiver.received.push(got);
            response.writeHead(answer.status, answer.headers);
            response.end(answer.body ?? "");
            for (const w of [...waiters]) {
              if (receiver.received.length < w.count) continue;
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve();
            }
          };
          if (answer.delayMs) setTimeout(send, answer.delayMs);
          else send();
        });
      });
      await new Promise<void>((resolve) => server!.listen(receiver.port, "127.0.0.1", resolve));
      receiver.port = (server!.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
    },
    async stop() {
      if (!server) return;
      const s = server;
      server = null;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    waitFor(count, timeoutMs = 30_000) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${receiver.received.length} of ${count} requests`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
  await receiver.start();
  return receiver;
}

function safeJson(body: string): Received["json"] {
  try {
    return JSON.parse(body) as Received["json"];
  } catch {
    return {};
  }
}
