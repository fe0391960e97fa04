import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { createElement, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AFTER_PAINT_LOADER } from "../host/after-paint-loader.ts";
import { CONSENT_SCRIPT, measurementIds } from "../src/lib/measurement.ts";
import { allowedScriptShape, isRunnableScript, scanInlineScripts } from "../host/script-allow-list.ts";
import { reactRuntimeDefinitions } from "../host/next-internals.ts";
import { documentCsp, inlineScriptHashes, staticSecurityHeaders } from "../host/security-headers.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("security headers", () => {
  it("hashes each allowed inline script once, skips scripts with src, and keeps non-ASCII bytes", () => {
    const a = "(self.__next_f=self.__next_f||[]).push([0])";
    const b = 'self.__next_f.push([1,"héllo \\u003c/script\\u003e"])';
    const html = `<html><head><script src="/_next/static/a.js" async=""></script><script>${a}</script></head><body><script id="x">${b}</script><script>${a}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(a), sha(b)]);
    console.log(`CSP hashes: ${inlineScriptHashes(html).length} distinct inline scripts hashed from 4 script tags`);
  });

  it("builds a policy without unsafe-inline or unsafe-eval for scripts and with the required directives", () => {
    const flight = "(self.__next_f=self.__next_f||[]).push([0])";
    const csp: string = documentCsp(`<script>${flight}</script>`, "http://localhost:3000");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toBe(`script-src 'self' ${sha(flight)}`);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) expect(csp).toContain(d);
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(documentCsp("", "https://example.com")).toContain("upgrade-insecure-requests");
  });

  it("sends HSTS only when the site is served over HTTPS", () => {
    expect(staticSecurityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(staticSecurityHeaders("https://kineticgrowth.in")["Strict-Transport-Security"]).toMatch(/max-age=\d{8}/);
    expect(staticSecurityHeaders("https://kineticgrowth.in")["X-Frame-Options"]).toBe("DENY");
  });
});

// The allow-list of the policy (docs/decisions/0021): only the inline scripts Next, React and this
// app emit, recognised by their shape wherever they stand; anything else is left out and reported.
const FLIGHT_BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
/** A flight data push as Next writes it: JSON.stringify with < > & escaped. */
const flightData = (text: string) => `self.__next_f.push(${JSON.stringify([1, text]).replace(/</g, "\\u003c").replace(/>/g, "\\u003e")})`;
const TURBOPACK =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/1pcw6gskne7pf.js","static/chunks/1bcwht2wgqlw6.js"],"runtimeModuleIds":[94553]});';
const LOADER_TAG = `<script data-after-paint="/_next/static/chunks/a.js /_next/static/chunks/b.js">${AFTER_PAINT_LOADER}</script>`;
const JSON_LD = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization"}</script>';

/** A document shaped like the ones the build serves: every kind of inline script our pages carry. */
function ourDocument(extra: { head?: string; body?: string; end?: string } = {}) {
  return (
    `<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>${extra.head ?? ""}<script src="/_next/static/chunks/poly.js" noModule=""></script>${JSON_LD}</head>` +
    `<body><main><div id="article-body"><p>Text</p>${extra.body ?? ""}</div></main>` +
    `<script id="_R_">${TURBOPACK}</script><script>${FLIGHT_BOOTSTRAP}</script><script>${flightData('1:"$Sreact.fragment"\n2:["$","p",null,{"children":"</script><b>"}]')}</script>` +
    `<script>self.__next_f.push([3,"AAECAw=="])</script>${extra.end ?? ""}${LOADER_TAG}</body></html>`
  );
}

const scriptSrcOf = (csp: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith("script-src "))!
    .split(" ")
    .slice(1);

describe("the policy's script allow-list (ADR 0021)", () => {
  it("allows exactly the inline scripts Next, Turbopack, React and our loader emit; JSON-LD and scripts with src need no hash", () => {
    const html = ourDocument();
    const { hashes, unknown } = scanInlineScripts(html);
    expect(unknown).toEqual([]);
    expect(hashes).toEqual([
      sha(TURBOPACK),
      sha(FLIGHT_BOOTSTRAP),
      sha(flightData('1:"$Sreact.fragment"\n2:["$","p",null,{"children":"</script><b>"}]')),
      sha('self.__next_f.push([3,"AAECAw=="])'),
      sha(AFTER_PAINT_LOADER),
    ]);
    expect(allowedScriptShape(TURBOPACK)).toBe("turbopack-bootstrap");
    expect(allowedScriptShape(AFTER_PAINT_LOADER)).toBe("after-paint-loader");
    expect(allowedScriptShape(`${FLIGHT_BOOTSTRAP};self.__next_f.push([2,["form",{"a":1}]])`)).toBe("next-flight-bootstrap");
    expect(hashes).not.toContain(sha('{"@context":"https://schema.org","@type":"Organization"}'));
  });

  it("leaves out every other inline script, in the head, the article body or before </body>, and reports each", () => {
    const injected = ["alert(document.cookie)", "fetch('/x')", "window.top.location='//evil.example'"];
    const html = ourDocument({
      head: `<script>${injected[0]}</script>`,
      body: `<script>${injected[1]}</script>`,
      end: `<script type="text/javascript">${injected[2]}</script>`,
    });
    const allowed = scriptSrcOf(documentCsp(html));
    for (const script of injected) expect(allowed, script).not.toContain(sha(script));
    expect(allowed).toEqual(["'self'", ...scanInlineScripts(ourDocument()).hashes]);
    const { unknown } = scanInlineScripts(html);
    expect(unknown.map((u) => u.start)).toEqual(injected);
    expect(unknown.map((u) => u.hash)).toEqual(injected.map(sha));
    expect(unknown.every((u) => html.startsWith("<script", u.at))).toBe(true);
    console.log(`CSP allow-list: ${injected.length} injected scripts left out of a document with ${allowed.length - 1} allowed ones`);
  });

  it("refuses look-alikes of the allowed shapes: code inside or after a flight push, a Turbopack push with code or foreign paths, a changed loader", () => {
    const lookAlikes = [
      "self.__next_f.push(alert(1))",
      'self.__next_f.push([1,"x"]);alert(1)',
      'self.__next_f.push([1,"x"].concat(alert(1)))',
      "self.__next_f.push([1,'x'])",
      'self.__next_f.push([1,"x"],alert(1))',
      'self.__next_f.push([4,"x"])',
      'self.__next_f.push([1,{"toString":"x"}])',
      'self.__next_f.push([3,"not base64!"])',
      `${FLIGHT_BOOTSTRAP};alert(1)`,
      `${FLIGHT_BOOTSTRAP};self.__next_f.push(alert(1))`,
      'alert(1);self.__next_f.push([1,"x"])',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[1]});alert(1)',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["https://evil.example/a.js"],"runtimeModuleIds":[1]});',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/../../api/media/a.js"],"runtimeModuleIds":[1]});',
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[],"runtimeModuleIds":[1],"x":alert(1)});',
      '(globalThis["A"] || (globalThis["B"] = [])).push({"otherChunks":[],"runtimeModuleIds":[1]});',
      `${AFTER_PAINT_LOADER};alert(1)`,
      AFTER_PAINT_LOADER.replace("2000", "1"),
      '$RC("B:0",alert(1))',
      '$RZ("B:0","S:0")',
      "$RC=function(){alert(1)};$RC()",
      "",
    ];
    for (const text of lookAlikes) expect(allowedScriptShape(text), text).toBeNull();
    const html = ourDocument({ body: lookAlikes.map((text) => `<script>${text}</script>`).join("") });
    const allowed = scriptSrcOf(documentCsp(html));
    for (const text of lookAlikes) expect(allowed, text).not.toContain(sha(text));
    // The empty script runs nothing, so it is not reported.
    expect(scanInlineScripts(html).unknown).toHaveLength(lookAlikes.length - 1);
    console.log(`CSP allow-list: ${lookAlikes.length} look-alikes of allowed shapes refused`);
  });

  it("reads tags as a browser does: attributes in any order and case, data blocks by type, scripts with src never hashed", () => {
    const html = [
      `<SCRIPT ID="x" NONCE="n">${FLIGHT_BOOTSTRAP}</SCRIPT >`,
      `<script type="module">alert(1)</script>`,
      `<script language="javascript">alert(2)</script>`,
      `<script type="application/ld+json">alert(3)</script>`,
      `<script type="text/plain">alert(4)</script>`,
      `<script src="/x.js">alert(5)</script>`,
    ].join("");
    const { hashes, unknown } = scanInlineScripts(html);
    expect(hashes).toEqual([sha(FLIGHT_BOOTSTRAP)]);
    expect(unknown.map((u) => u.start)).toEqual(["alert(1)", "alert(2)"]);
    expect(isRunnableScript({ type: " TEXT/JavaScript " })).toBe(true);
    expect(isRunnableScript({ type: "application/ld+json" })).toBe(false);
  });

  it("allows React's streaming instructions as React writes them: a late Suspense boundary and one rendered on the client", async () => {
    expect(reactRuntimeDefinitions().length).toBeGreaterThanOrEqual(5);
    let resolveLate!: () => void;
    const late = new Promise<void>((resolve) => (resolveLate = resolve));
    let lateDone = false;
    function Late() {
      if (!lateDone) throw late.then(() => (lateDone = true));
      return createElement("p", null, "late");
    }
    function LateBroken(): never {
      if (!lateDone) throw late.then(() => (lateDone = true));
      throw new Error("boom");
    }
    const tree = createElement(
      "html",
      null,
      createElement(
        "body",
        null,
        createElement(Suspense, { fallback: "…" }, createElement(Late)),
        createElement(Suspense, { fallback: "…" }, createElement(LateBroken)),
      ),
    );
    const html = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const sink = new PassThrough();
      sink.on("data", (c: Buffer) => chunks.push(c));
      sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      const stream = renderToPipeableStream(tree, {
        onShellReady() {
          stream.pipe(sink);
          setTimeout(resolveLate, 10);
        },
        onShellError: reject,
        onError() {},
      });
    });
    expect(html).toMatch(/\$RC\(/);
    expect(html).toMatch(/\$RX\(/);
    const { hashes, unknown } = scanInlineScripts(html);
    expect(unknown).toEqual([]);
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    console.log(
      `CSP allow-list: React's streaming runtime (${reactRuntimeDefinitions().length} definitions) recognised in ${hashes.length} scripts of a streamed render`,
    );
  });
});

// Consent-aware measurement (docs/decisions/0051): the tags' hosts join the policy only where their
// ID is configured, and the consent script is allowed by its exact text like the loader.
describe("the policy with measurement configured (ADR 0051)", () => {
  const directive = (csp: string, name: string) =>
    csp
      .split("; ")
      .find((d) => d.startsWith(`${name} `))!
      .split(" ")
      .slice(1);
  const page = ourDocument({ body: `<script data-ga4="G-TEST123" data-pixel="1234567890">${CONSENT_SCRIPT}</script>` });

  it("is exactly today's policy with no ID configured", () => {
    const today = documentCsp(ourDocument(), "http://localhost:3000");
    expect(documentCsp(ourDocument(), "http://localhost:3000", {})).toBe(today);
    expect(documentCsp(ourDocument(), "http://localhost:3000", measurementIds({}))).toBe(today);
    // IDs of another shape count as unset (the server refuses them at start-up anyway).
    expect(documentCsp(ourDocument(), "http://localhost:3000", measurementIds({ GA4_MEASUREMENT_ID: "UA-1", META_PIXEL_ID: "x1" }))).toBe(today);
    for (const host of ["googletagmanager", "google-analytics", "facebook"]) expect(today).not.toContain(host);
  });

  it("adds GA4's sources only with GA4_MEASUREMENT_ID: gtag.js by its path, never the whole tag host", () => {
    const csp = documentCsp(page, "http://localhost:3000", measurementIds({ GA4_MEASUREMENT_ID: "G-TEST123" }));
    expect(directive(csp, "script-src").filter((s) => s.startsWith("https:"))).toEqual(["https://www.googletagmanager.com/gtag/js"]);
    // gtm.js (a container that runs whatever its owner writes) is on the same host: the host alone would allow it.
    expect(directive(csp, "script-src")).not.toContain("https://www.googletagmanager.com");
    expect(directive(csp, "connect-src")).toEqual([
      "'self'",
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com/g/collect",
      "https://*.analytics.google.com/g/collect",
    ]);
    expect(directive(csp, "img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https:",
      "https://www.googletagmanager.com",
      "https://*.google-analytics.com/g/collect",
    ]);
    expect(csp).not.toContain("facebook");
  });

  it("adds Meta's sources only with META_PIXEL_ID: fbevents.js, this pixel's configuration and the plugins folder, never the whole host", () => {
    const csp = documentCsp(page, "http://localhost:3000", measurementIds({ META_PIXEL_ID: "1234567890" }));
    expect(directive(csp, "script-src").filter((s) => s.startsWith("https:"))).toEqual([
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://connect.facebook.net/signals/config/1234567890",
      "https://connect.facebook.net/signals/plugins/",
    ]);
    expect(directive(csp, "script-src")).not.toContain("https://connect.facebook.net");
    expect(directive(csp, "connect-src")).toEqual(["'self'", "https://www.facebook.com/tr", "https://www.facebook.com/tr/", "https://connect.facebook.net"]);
    expect(directive(csp, "img-src")).toEqual(["'self'", "data:", "blob:", "https:", "https://www.facebook.com/tr", "https://www.facebook.com/tr/"]);
    expect(csp).not.toMatch(/google/);
  });

  it("writes only IDs of their shapes into a source", () => {
    const today = documentCsp(ourDocument(), "http://localhost:3000");
    expect(documentCsp(ourDocument(), "http://localhost:3000", { pixel: "1 'unsafe-inline'", ga4: "G-1 https:" })).toBe(today);
  });

  it("allows the consent script by its exact text, never 'unsafe-inline', and refuses a changed copy", () => {
    const csp = documentCsp(page, "http://localhost:3000", measurementIds({ GA4_MEASUREMENT_ID: "G-TEST123", META_PIXEL_ID: "1234567890" }));
    expect(allowedScriptShape(CONSENT_SCRIPT)).toBe("consent-script");
    expect(directive(csp, "script-src")).toEqual([
      "'self'",
      ...scanInlineScripts(page).hashes,
      "https://www.googletagmanager.com/gtag/js",
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://connect.facebook.net/signals/config/1234567890",
      "https://connect.facebook.net/signals/plugins/",
    ]);
    expect(directive(csp, "script-src")).toContain(sha(CONSENT_SCRIPT));
    expect(directive(csp, "script-src")).not.toContain("'unsafe-inline'");
    const changed = CONSENT_SCRIPT.replace("googletagmanager.com", "evil.example");
    expect(allowedScriptShape(changed)).toBeNull();
    expect(scanInlineScripts(ourDocument({ body: `<script>${changed}</script>` })).unknown).toHaveLength(1);
  });
});
