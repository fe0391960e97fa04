import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACTION_BODY_LIMIT_BYTES,
  bodyLimitFor,
  guardRequest,
  jsonDepthExceeds,
  MAX_ACTION_FIELDS,
  normalTarget,
  refusalBeforeBody,
  refusalBody,
  refusalOfActionBody,
} from "../host/request-guards.ts";
import { jsonRpcId, unstorableInJson } from "../host/unstorable-input.ts";
import { isSameOriginHeaders } from "@/server/kernel/request-info";
import { FORGED_REPLIES } from "./helpers/forged-replies";

// host/request-guards.ts: what host/server.ts refuses before Next (docs/decisions/0022).
// The end-to-end proof (200 MB chunked bodies, memory, every refused post) is
// e2e/security/request-limits.spec.ts.

type Headers = Record<string, string>;
const fakeRequest = (method: string, url: string, headers: Headers = {}) =>
  ({ method, url, headers: { host: "site.test", ...headers } }) as unknown as http.IncomingMessage;

describe("the limit table", () => {
  it("gives each path its limit, Server Actions Next's own", () => {
    expect(bodyLimitFor("/api/forms/contact")!.bytes).toBe(64 * 1024);
    expect(bodyLimitFor("/api/blog/shares")!.bytes).toBe(1024);
    expect(bodyLimitFor("/api/auth/sign-in/email?x=1")!.bytes).toBe(16 * 1024);
    expect(bodyLimitFor("/api/admin/uploads")).toMatchObject({ bytes: 5 * 1024 * 1024 + 64 * 1024, lengthRequired: true });
    expect(bodyLimitFor("/contact")!.bytes).toBe(ACTION_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("http://elsewhere/api/blog/shares")!.bytes).toBe(16 * 1024);
  });

  it("refuses a declared length over the limit, and an upload without a length, before reading", () => {
    expect(refusalBeforeBody(fakeRequest("POST", "/api/blog/shares", { "content-length": "1025" }))?.status).toBe(413);
    expect(refusalBeforeBody(fakeRequest("POST", "/api/blog/shares", { "content-length": "1024" }))).toBeNull();
    expect(refusalBeforeBody(fakeRequest("POST", "/api/admin/uploads", { "transfer-encoding": "chunked" }))?.status).toBe(411);
    expect(
      refusalBeforeBody(fakeRequest("POST", "/contact", { "content-length": String(ACTION_BODY_LIMIT_BYTES + 1), origin: "http://site.test" }))?.status,
    ).toBe(413);
  });
});

describe("Server Action posts from elsewhere", () => {
  const post = (headers: Headers) => refusalBeforeBody(fakeRequest("POST", "/contact", headers), { trustProxy: false })?.status ?? null;

  it("refuses a foreign Origin, Origin: null, an unparsable Origin and Sec-Fetch-Site: cross-site with 403", () => {
    expect(post({ origin: "https://evil.example" })).toBe(403);
    expect(post({ origin: "null" })).toBe(403);
    expect(post({ origin: "not a url" })).toBe(403);
    expect(post({ "sec-fetch-site": "cross-site" })).toBe(403);
    expect(post({ origin: "http://site.test" })).toBeNull();
    expect(post({})).toBeNull();
  });

  it("believes X-Forwarded-Host only under TRUST_PROXY", () => {
    const forged = fakeRequest("POST", "/contact", { origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(refusalBeforeBody(forged, { trustProxy: false })?.status).toBe(403);
    expect(refusalBeforeBody(forged, { trustProxy: true })).toBeNull();
  });

  it("isSameOriginHeaders (route handlers, actions) believes X-Forwarded-Host only under TRUST_PROXY", () => {
    const h = new Headers({ host: "site.test", origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(isSameOriginHeaders(h, { originOnly: true, trustProxy: false })).toBe(false);
    expect(isSameOriginHeaders(h, { originOnly: true, trustProxy: true })).toBe(true);
    expect(isSameOriginHeaders(new Headers({ host: "site.test", origin: "http://site.test" }), { originOnly: true, trustProxy: false })).toBe(true);
  });
});

describe("image-optimiser addresses", () => {
  const image = (url: string) => refusalBeforeBody(fakeRequest("GET", `/_next/image?url=${encodeURIComponent(url)}&w=64&q=75`))?.status ?? null;

  it("lets plain paths and absolute addresses through (Next checks those against its patterns)", () => {
    expect(image("/api/media/0123456789abcdef0123456789abcdef.png")).toBeNull();
    expect(image("/images/blog/cover.png")).toBeNull();
    expect(image("https://cdn.example/x.png")).toBeNull();
  });

  it("refuses what URL parsing changes or a redirect answers: backslashes, dot segments, tabs, trailing slashes", () => {
    for (const url of ["/\\127.0.0.1/x.png", "/\\evil.example/images/x.png", "/images/../admin", "/\t/evil.example/x.png", "/about/", "/a b.png"])
      expect(image(url), url).toBe(400);
  });
});

describe("the shape of a Server Action body", () => {
  const action = (headers: Headers, body: string | Buffer) => refusalOfActionBody(fakeRequest("POST", "/contact", headers), Buffer.from(body));
  const multipart = (fields: [string, string][]) => {
    const parts = fields.map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("");
    return `${parts}--b--\r\n`;
  };

  it("counts nesting outside strings only", () => {
    expect(jsonDepthExceeds("[[[1]]]", 3)).toBe(false);
    expect(jsonDepthExceeds("[[[[1]]]]", 3)).toBe(true);
    expect(jsonDepthExceeds(`["${"[".repeat(100)}", {"a": "\\"[[[["}]`, 3)).toBe(false);
    expect(jsonDepthExceeds("[1],[2],[3],[4]", 1)).toBe(false);
  });

  it("refuses arguments nested deeper than any form sends (JSON and multipart), and lets honest ones through", async () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    expect((await action({ "next-action": "x", "content-type": "text/plain;charset=UTF-8" }, deep))?.status).toBe(400);
    expect((await action({ "next-action": "x", "content-type": "multipart/form-data; boundary=b" }, multipart([["0", deep]])))?.status).toBe(400);
    expect((await action({ "content-type": "multipart/form-data; boundary=b" }, multipart([["$ACTION_1:1", deep]])))?.status).toBe(400);
    // User text is not JSON React decodes: brackets in it are nobody's business.
    expect(
      await action(
        { "next-action": "x", "content-type": "multipart/form-data; boundary=b" },
        multipart([
          ["0", '[{"status":"idle"},"$K1"]'],
          ["1_message", "[".repeat(5000)],
        ]),
      ),
    ).toBeNull();
    expect(await action({ "next-action": "x", "content-type": "text/plain;charset=UTF-8" }, '[{"status":"idle"},"$K1"]')).toBeNull();
  });

  it("refuses more fields than any form has, a reply without its root row, and multipart that does not parse", async () => {
    const many = multipart(Array.from({ length: MAX_ACTION_FIELDS + 1 }, (_, i): [string, string] => [`f${i}`, "1"]));
    expect((await action({ "content-type": "multipart/form-data; boundary=b" }, many))?.status).toBe(413);
    expect((await action({ "next-action": "x", "content-type": "multipart/form-data; boundary=b" }, multipart([["1_name", "x"]])))?.status).toBe(400);
    expect((await action({ "content-type": "multipart/form-data; boundary=b" }, "--b\r\nnonsense"))?.status).toBe(400);
  });
});

describe("the request target the guards judge", () => {
  it("resolves dot segments (also spelled %2e) and backslashes as Next routes them, keeping the query as sent", () => {
    expect(normalTarget("/api/admin/uploads/../../../contact")).toBe("/contact");
    expect(normalTarget("/api/admin/uploads/%2E%2e/%2e%2E/contact?x=../y")).toBe("/api/contact?x=../y");
    expect(normalTarget("/api/forms/.%2e/../admin")).toBe("/admin");
    expect(normalTarget("/api\\..\\contact")).toBe("/contact");
    expect(normalTarget("/blog/a/./b/..")).toBe("/blog/a/");
    // A path that starts with "//" stays a path: it never names a host.
    expect(normalTarget("//evil.example/../x")).toBe("//x");
    expect(bodyLimitFor(normalTarget("/api/admin/uploads/../../../contact"))!.bytes).toBe(ACTION_BODY_LIMIT_BYTES);
  });

  it("leaves every other target byte for byte", () => {
    for (const target of [
      "/",
      "/contact",
      "/blog/a-post?utm_source=x&q=..",
      "/api/media/%2E%2Ex.png",
      "/a/..%2f/b",
      "/caf%C3%A9",
      "*",
      "http://elsewhere/a/../b",
    ]) {
      expect(normalTarget(target), target).toBe(target);
    }
  });
});

describe("Server Action replies no page of ours sends", () => {
  const text = (body: string) =>
    refusalOfActionBody(fakeRequest("POST", "/contact", { "next-action": "x", "content-type": "text/plain;charset=UTF-8" }), Buffer.from(body));
  const form = (fields: [string, string][]) => {
    const parts = fields.map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("");
    return refusalOfActionBody(
      fakeRequest("POST", "/contact", { "next-action": "x", "content-type": "multipart/form-data; boundary=b" }),
      Buffer.from(`${parts}--b--\r\n`),
    );
  };

  it("refuses with 400 what React's decoder throws on: no body, not JSON, a root that is no argument list, forged references", async () => {
    expect(refusalBeforeBody(fakeRequest("POST", "/contact", { "next-action": "x", "content-length": "0", origin: "http://site.test" }))?.status).toBe(400);
    for (const body of FORGED_REPLIES) {
      expect((await text(body))?.status, body).toBe(400);
    }
    expect((await form([["0", "nope"]]))?.status).toBe(400);
    expect(
      (
        await form([
          ["0", '["$1"]'],
          ["1", "nope"],
        ])
      )?.status,
    ).toBe(400);
    expect((await form([["0", '["$B1"]']]))?.status).toBe(400);
    expect(
      (
        await form([
          ["0", '["$Q1"]'],
          ["1", "{}"],
        ])
      )?.status,
    ).toBe(400);
  });

  it("lets through every shape our pages send", async () => {
    for (const body of [
      "[]",
      '[{"status":"idle"},"$K1"]',
      // A previous answer whose fields are undefined (React writes "$undefined"), and the numbers JSON lacks.
      '[{"status":"invalid","title":"$undefined","values":{"name":"Asha"}},"$K1"]',
      '["a-table","$$starts with a dollar",null,"$undefined","$D2026-01-01T00:00:00.000Z","$n12","$NaN","$Infinity","$-Infinity","$-0","$T"]',
      '[{"a":{"b":1}},"$0:0:a"]',
    ]) {
      expect(await text(body), body).toBeNull();
    }
    expect(
      await form([
        ["0", '[{"status":"idle"},"$K1"]'],
        ["1_name", "Asha"],
        ["1_message", "$Q1 is just text here"],
      ]),
    ).toBeNull();
    expect(
      await form([
        ["0", '["$1","$1:x"]'],
        ["1", '{"x":[1]}'],
      ]),
    ).toBeNull();
  });
});

describe("bodies held within their limit", () => {
  let server: http.Server;
  let base = "";
  const seen: { status: number; body?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      void guardRequest(req, {
        serve: () => {
          // What the app gets: the body, byte for byte, read the ordinary way.
          const chunks: Buffer[] = [];
          req.on("data", (c: Buffer) => chunks.push(c));
          req.on("end", () => {
            seen.push({ status: 200, body: Buffer.concat(chunks).toString() });
            res.end("ok");
          });
        },
        refuse: ({ status }) => {
          seen.push({ status });
          res.writeHead(status, { connection: "close" }).end();
        },
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function chunked(path: string, chunks: string[]): Promise<number> {
    return new Promise((resolve) => {
      const req = http.request(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => resolve(0));
      for (const c of chunks) req.write(c);
      req.end();
    });
  }

  it("hands a chunked body within the limit to the app unchanged", async () => {
    seen.length = 0;
    expect(await chunked("/api/blog/shares", ['{"slug":', '"a-post",', '"network":"twitter"}'])).toBe(200);
    expect(seen).toEqual([{ status: 200, body: '{"slug":"a-post","network":"twitter"}' }]);
  });

  it("refuses a chunked body at its limit with 413, never handing it to the app", async () => {
    seen.length = 0;
    expect(await chunked("/api/blog/shares", ["x".repeat(600), "x".repeat(600), "x".repeat(600)])).toBe(413);
    expect(seen).toEqual([{ status: 413 }]);
  });
});

describe("text no route can store, in the target and in MCP bodies (docs/decisions/0076)", () => {
  // NUL, an overlong "/" (C0 AF), an overlong NUL (C0 80), a surrogate encoded as UTF-8 (ED A0 80),
  // a truncated sequence (E2 82), a raw latin1 byte as the HTTP parser hands it over.
  const HOSTILE = ["%00", "%C0%AF", "%c0%80", "%ED%A0%80", "%E2%82", "\u00e9"];
  const target = (url: string) => refusalBeforeBody(fakeRequest("GET", url));

  it("refuses each in a query value, a query name and a path segment with 400, on pages, the API and MCP alike", () => {
    for (const bad of HOSTILE) {
      for (const url of [
        `/admin/leads?q=${bad}`,
        `/admin/leads?${bad}=1`,
        `/api/v1/leads?q=a${bad}b`,
        `/api/v1/leads/${bad}`,
        `/blog/${bad}`,
        `/api/mcp?x=${bad}`,
      ]) {
        expect(target(url)?.status, url).toBe(400);
      }
    }
  });

  it("lets valid UTF-8, plus signs, reserved characters and stray percent signs through", () => {
    for (const url of ["/admin/leads?q=%C3%A9t%C3%A9", "/admin/leads?q=a+b&find=%F0%9F%98%80", "/blog/caf%C3%A9", "/admin?q=100%", "/x?q=%zz", "/"]) {
      expect(target(url), url).toBeNull();
    }
  });

  it("answers in the caller's shape: the API's error object, JSON-RPC for MCP, a sentence elsewhere", () => {
    const refusal = target("/api/v1/leads?q=%00")!;
    expect(JSON.parse(refusalBody("/api/v1/leads?q=%00", refusal).body)).toMatchObject({ error: { code: "bad_request" } });
    expect(JSON.parse(refusalBody("/api/mcp", { ...refusal, rpcId: 7 }).body)).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602 } });
    expect(refusalBody("/admin/leads?q=%00", refusal).body).toMatch(/NUL/);
  });

  it("refuses NUL and lone surrogates in any string or key of an MCP body, and bytes that are not UTF-8", () => {
    const call = (args: string) => Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_leads","arguments":${args}}}`);
    expect(unstorableInJson(call('{"query":"\\u0000"}'))).toMatch(/NUL/);
    expect(unstorableInJson(call('{"query":"a\\ud800b"}'))).toMatch(/surrogate/);
    expect(unstorableInJson(call('{"\\u0000":"x"}'))).toMatch(/NUL/);
    expect(unstorableInJson(call('{"tags":[["\\udfff"]]}'))).toMatch(/surrogate/);
    expect(unstorableInJson(Buffer.concat([call('{"query":"').subarray(0, -2), Buffer.from([0xc0, 0x80]), Buffer.from('"}}}')]))).toMatch(/UTF-8/);
    expect(unstorableInJson(call('{"query":"caf\\u00e9 \\ud83d\\ude00"}'))).toBeNull();
    expect(jsonRpcId(call("{}"))).toBe(1);
  });
});
