import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentCsp, inlineScriptHashes, staticSecurityHeaders } from "../scripts/security-headers.mjs";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("security headers", () => {
  it("hashes each inline script once, skips scripts with src, and keeps non-ASCII bytes", () => {
    const a = "(self.__next_f=self.__next_f||[]).push([0])";
    const b = 'self.__next_f.push([1,"héllo \\u003c/script\\u003e"])';
    const html = `<html><head><script src="/_next/static/a.js" async=""></script><script>${a}</script></head><body><script id="x">${b}</script><script>${a}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(a), sha(b)]);
    console.log(`CSP hashes: ${inlineScriptHashes(html).length} distinct inline scripts hashed from 4 script tags`);
  });

  it("builds a policy without unsafe-inline or unsafe-eval for scripts and with the required directives", () => {
    const csp: string = documentCsp("<script>x()</script>", "http://localhost:3000");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toBe(`script-src 'self' ${sha("x()")}`);
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
