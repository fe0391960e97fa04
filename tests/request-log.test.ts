import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailFields, errorFields, log } from "@/server/kernel/log";
import { logStreams } from "@/server/kernel/logger.ts";
import { loggablePath, requestIdFrom, withRequestContext } from "../host/request-context.ts";
import { useSocketAddress } from "../host/client-address.ts";

// The request id, the access log's path, the e-mail form of auth events and the context that
// carries the id into the app's log lines (docs/decisions/0015). The server-level proof, with
// Next in between, is e2e/security/logs.spec.ts.

afterEach(() => vi.restoreAllMocks());

/** The lines the logger writes, in order, each marked with the stream it went to. */
function captureOutput() {
  const lines: string[] = [];
  const streams: ("stdout" | "stderr")[] = [];
  for (const name of ["stdout", "stderr"] as const) {
    vi.spyOn(logStreams[name], "write").mockImplementation((data: string) => {
      for (const line of data.split("\n").filter(Boolean)) {
        lines.push(line);
        streams.push(name);
      }
    });
  }
  return Object.assign(lines, { streams });
}

function fakeExchange(url: string, headers: Record<string, string> = {}) {
  const req = { method: "GET", url, headers: { ...headers } as Record<string, string | undefined>, socket: { remoteAddress: "::ffff:10.1.2.3" } };
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: true,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    },
  });
  // Only what the code under test reads of a request and a response.
  return { req: req as typeof req & IncomingMessage, res: res as typeof res & ServerResponse };
}

describe("request ids", () => {
  it("keeps a short safe id and replaces anything else by a UUID", () => {
    expect(requestIdFrom("edge-7f3a.91_b")).toBe("edge-7f3a.91_b");
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const refused = ["", "a b", "x".repeat(65), "id\r\nX-Injected: 1", "<script>", "-leading-dash", "ünïcode", "a;rm -rf", undefined];
    for (const value of refused) expect(requestIdFrom(value)).toMatch(uuid);
    expect(requestIdFrom(["first-id", "second"])).toBe("first-id");
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });

  it("echoes the id, puts it on every log line written inside the request, and writes one access line", async () => {
    const lines = captureOutput();
    const { req, res } = fakeExchange("/auth/reset-password?token=abcdefSECRET123&x=1", { "x-request-id": "trace-42" });
    await withRequestContext(req, res, async () => {
      await new Promise((r) => setTimeout(r, 5));
      log("info", "inside", { n: 1 });
    });
    log("info", "outside");
    res.statusCode = 302;
    res.emit("close");
    const parsed = lines.map((l) => JSON.parse(l));
    expect(res.headers["x-request-id"]).toBe("trace-42");
    expect(req.headers["x-request-id"]).toBe("trace-42");
    expect(parsed[0]).toMatchObject({ msg: "inside", requestId: "trace-42", n: 1 });
    expect(parsed[1].msg).toBe("outside");
    expect(parsed[1]).not.toHaveProperty("requestId");
    expect(parsed[2]).toMatchObject({ msg: "request", requestId: "trace-42", method: "GET", path: "/auth/reset-password?token=…&x=…", status: 302 });
    expect(lines.join("\n")).not.toContain("SECRET123");
  });
});

describe("the access line of a failed request", () => {
  it("is at level error on stderr, and says when the client left before the end", () => {
    const lines = captureOutput();
    const { req, res } = fakeExchange("/api/health", { "x-request-id": "down-1" });
    void withRequestContext(req, res, () => undefined);
    res.statusCode = 503;
    res.writableFinished = false;
    res.emit("close");
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", msg: "request", requestId: "down-1", status: 503, aborted: true });
    expect(lines.streams).toEqual(["stderr"]);
  });
});

describe("the access log's path", () => {
  it("keeps the path and the names of the query's parameters, never their values or a token in the path", () => {
    expect(loggablePath("/blog/growth-hacks")).toBe("/blog/growth-hacks");
    expect(loggablePath("/api/auth/verify-email?token=eyJhbGciOi.secret&callbackURL=%2Fauth")).toBe("/api/auth/verify-email?token=…&callbackURL=…");
    expect(loggablePath("/api/auth/reset-password/Xy12SecretToken?callbackURL=/auth/reset-password")).toBe("/api/auth/reset-password/[redacted]?callbackURL=…");
    expect(loggablePath("/about?")).toBe("/about");
    expect(loggablePath("/x".repeat(400)).length).toBeLessThanOrEqual(301);
  });
});

describe("auth event fields", () => {
  it("logs an address masked and hashed, never as typed", () => {
    const a = emailFields(" Priya.Sharma@Example.COM ");
    expect(a.email).toBe("p***@example.com");
    expect(a.emailHash).toMatch(/^[0-9a-f]{16}$/);
    expect(emailFields("priya.sharma@example.com").emailHash).toBe(a.emailHash);
    expect(emailFields("priya.sharma2@example.com").emailHash).not.toBe(a.emailHash);
    expect(emailFields("not-an-address").email).toBe("n***");
  });

  it("replaces the value of any field named like a secret", () => {
    const lines = captureOutput();
    log("warn", "careless", { password: "hunter2-typed", sessionToken: "tok-abc", cookie: "kg.session=1", newPassword: "x", userId: "u1" });
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ password: "[redacted]", sessionToken: "[redacted]", cookie: "[redacted]", newPassword: "[redacted]", userId: "u1" });
    expect(lines[0]).not.toMatch(/hunter2|tok-abc|kg\.session/);
  });

  it("replaces an address passed in the clear as `email`, a one-letter one too, and keeps a masked one", () => {
    const lines = captureOutput();
    for (const email of ["priya@example.com", "a@example.com", "Priya <p@example.com>"]) log("info", "careless", { email });
    log("info", "careful", { ...emailFields("a@example.com") });
    expect(lines.slice(0, 3).map((l) => JSON.parse(l).email)).toEqual(["[redacted]", "[redacted]", "[redacted]"]);
    expect(JSON.parse(lines[3]!).email).toBe("a***@example.com");
  });

  it("replaces secrets one level down too: a headers object, a nested password", () => {
    const lines = captureOutput();
    log("info", "nested", {
      headers: { cookie: "kg.session=2", authorization: "Bearer abc", "set-cookie": "kg.session=3", accept: "text/html" },
      user: { id: "u2", password: "typed-secret" },
    });
    const line = JSON.parse(lines[0]!);
    expect(line.headers).toEqual({ cookie: "[redacted]", authorization: "[redacted]", "set-cookie": "[redacted]", accept: "text/html" });
    expect(line.user).toEqual({ id: "u2", password: "[redacted]" });
    expect(lines[0]).not.toMatch(/kg\.session|Bearer|typed-secret/);
  });
});

describe("the line", () => {
  it("is one JSON object with an ISO time, the level's name and the message; warnings and errors on stderr", () => {
    const lines = captureOutput();
    log("info", "plain", { n: 1 });
    log("warn", "careful");
    log("error", "broken");
    log("debug", "detail");
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.map((l) => [l.level, l.msg])).toEqual([
      ["info", "plain"],
      ["warn", "careful"],
      ["error", "broken"],
      ["debug", "detail"],
    ]);
    expect(lines.streams).toEqual(["stdout", "stderr", "stderr", "stdout"]);
    expect(new Date(parsed[0].time).toISOString()).toBe(parsed[0].time);
    expect(Object.keys(parsed[0]).sort()).toEqual(["level", "msg", "n", "time"]);
  });
});

describe("errors", () => {
  it("keep the failed query's SQL but not its parameters (form values, addresses, tokens)", () => {
    const failed = new Error('Failed query: insert into "verifications" ("identifier", "value") values ($1, $2)\nparams: reset-password:tok_Secret123,user-1');
    failed.cause = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    const fields = errorFields(failed);
    expect(fields.error).toBe('Failed query: insert into "verifications" ("identifier", "value") values ($1, $2)\nparams: [not logged]');
    expect(fields.cause).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(JSON.stringify(fields)).not.toContain("tok_Secret123");
  });
});

describe("the client address without a trusted proxy", () => {
  it("replaces a forged X-Forwarded-For (and X-Real-IP) by the connection's address", () => {
    const { req } = fakeExchange("/", { "x-forwarded-for": "1.2.3.4, 5.6.7.8", "x-real-ip": "9.9.9.9" });
    useSocketAddress(req, false);
    expect(req.headers["x-forwarded-for"]).toBe("10.1.2.3");
    expect(req.headers).not.toHaveProperty("x-real-ip");
    const behindProxy = fakeExchange("/", { "x-forwarded-for": "1.2.3.4, 5.6.7.8" }).req;
    useSocketAddress(behindProxy, true);
    expect(behindProxy.headers["x-forwarded-for"]).toBe("1.2.3.4, 5.6.7.8");
  });

  it("drops the host and scheme a client claims a proxy saw, and keeps a trusted proxy's", () => {
    const forwarded = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443", forwarded: "host=evil.example" };
    const { req } = fakeExchange("/", forwarded);
    useSocketAddress(req, false);
    for (const name of Object.keys(forwarded)) expect(req.headers).not.toHaveProperty(name);
    const behindProxy = fakeExchange("/", forwarded).req;
    useSocketAddress(behindProxy, true);
    expect(behindProxy.headers["x-forwarded-host"]).toBe("evil.example");
  });
});
