import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineSmallSvg } from "@/components/marketing/inline-svg";

// Small static SVGs go into the page as data: addresses (no request before the first paint); nothing
// else does: not a larger file, not an upload, not a path that leaves public/.
describe("inlineSmallSvg", () => {
  it("writes a client logo of our own into the page, byte for byte", () => {
    const inlined = inlineSmallSvg("/images/clients/gemsmantra.svg");
    expect(inlined).toMatch(/^data:image\/svg\+xml,/);
    const file = fs.readFileSync(path.join(process.cwd(), "public/images/clients/gemsmantra.svg"), "utf8").trim();
    expect(decodeURIComponent(inlined!.slice("data:image/svg+xml,".length))).toBe(file);
  });

  it("writes the site's icon in too (the head's icon)", () => {
    const file = fs.readFileSync(path.join(process.cwd(), "public/icon.svg"), "utf8").trim();
    expect(inlineSmallSvg("/icon.svg")).toBe(`data:image/svg+xml,${encodeURIComponent(file)}`);
  });

  it("links what is larger than the limit, uploads, other hosts, and paths that would leave the folder", () => {
    const blogCover = fs.readdirSync(path.join(process.cwd(), "public/images/blog")).find((name) => name.endsWith(".svg"))!;
    expect(fs.statSync(path.join(process.cwd(), "public/images/blog", blogCover)).size).toBeGreaterThan(1024);
    expect(inlineSmallSvg(`/images/blog/${blogCover}`)).toBeNull();
    expect(inlineSmallSvg("/api/media/0123456789abcdef0123456789abcdef.svg")).toBeNull();
    expect(inlineSmallSvg("https://example.com/images/logo.svg")).toBeNull();
    expect(inlineSmallSvg("/images/../../package.json")).toBeNull();
    expect(inlineSmallSvg("/images/clients/../../icon.svg")).toBeNull();
    expect(inlineSmallSvg("/../package.json")).toBeNull();
    expect(inlineSmallSvg("/icon.svg?v=2")).toBeNull();
    expect(inlineSmallSvg("/images/clients/no-such-logo.svg")).toBeNull();
    expect(inlineSmallSvg("/images/clients/gemsmantra.png")).toBeNull();
  });
});
