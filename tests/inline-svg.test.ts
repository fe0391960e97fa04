import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstScreenSvgMarkup, inlineSmallSvg, smallSvgMarkup, svgDrawing } from "@/components/marketing/inline-svg";

// Small static SVGs of ours go into the page (no request before the first paint): as <svg> markup when
// the file is a drawing only, else as data: addresses; nothing else does: not a larger file, not an
// upload, not a path that leaves public/.
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

  it("gives a client logo of ours as markup to write into the page: its box and its drawing, byte for byte", () => {
    const file = fs.readFileSync(path.join(process.cwd(), "public/images/clients/gemsmantra.svg"), "utf8").trim();
    const markup = smallSvgMarkup("/images/clients/gemsmantra.svg");
    expect(markup).toMatchObject({ viewBox: "0 0 200 48", width: 200, height: 48 });
    expect(file).toContain(markup!.body);
    expect(markup!.body).toMatch(/^<[a-z]/);
    expect(markup!.body).not.toContain("<svg");
  });

  it("draws every client logo of ours as markup (a refused one would be a request again before the first paint)", () => {
    const folder = path.join(process.cwd(), "public/images/clients");
    const logos = fs.readdirSync(folder).filter((name) => name.endsWith(".svg"));
    expect(logos.length).toBeGreaterThan(0);
    for (const name of logos) expect(smallSvgMarkup(`/images/clients/${name}`), name).not.toBeNull();
  });

  it("gives no markup for what it would not inline, nor for a drawing with anything but shapes, text and gradients", () => {
    expect(smallSvgMarkup("/images/clients/../../icon.svg")).toBeNull();
    expect(smallSvgMarkup("/api/media/0123456789abcdef0123456789abcdef.svg")).toBeNull();
    const open = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">';
    const refused = {
      script: `${open}<script>alert(1)</script></svg>`,
      handler: `${open}<rect width="1" height="1" onclick="alert(1)"/></svg>`,
      link: `${open}<use href="#a"/></svg>`,
      foreign: `${open}<foreignObject><div/></foreignObject></svg>`,
      image: `${open}<image href="https://example.com/x.png"/></svg>`,
      styled: `${open}<style>body{display:none}</style></svg>`,
      "style attribute": `${open}<rect style="fill:red" width="1" height="1"/></svg>`,
      "style attribute after a line break": `${open}<rect\nstyle="fill:red" width="1" height="1"/></svg>`,
      paint: `${open}<rect width="1" height="1" fill="url(https://example.com/x)"/></svg>`,
      "paint of a gradient it does not have": `${open}<rect width="1" height="1" fill="url(#elsewhere)"/></svg>`,
      "paint of a gradient, then another address": `${open}<defs><linearGradient id="a"/></defs><rect fill="url(#a)" stroke="url(/x.svg#a)"/></svg>`,
      "title with markup": `${open}<title><tspan>x</tspan><script>alert(1)</script></title></svg>`,
      comment: `${open}<!-- x --><rect width="1" height="1"/></svg>`,
      "no box": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1" height="1"/></svg>',
      "empty box": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10"><rect width="1" height="1"/></svg>',
      declaration: `<?xml version="1.0"?>${open}<rect width="1" height="1"/></svg>`,
      "two roots": `${open}<rect width="1" height="1"/></svg><svg><script>alert(1)</script></svg>`,
    };
    for (const [name, text] of Object.entries(refused)) expect(svgDrawing(text), name).toBeNull();
    expect(svgDrawing(`${open}<rect width="1" height="1"/></svg>`)).toEqual({
      viewBox: "0 0 10 10",
      width: 10,
      height: 10,
      body: '<rect width="1" height="1"/>',
    });
  });

  it("paints with a gradient of the drawing itself, its ids carried apart from the page's, and leaves out the file's title", () => {
    const text =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img"><title>Bars</title><defs><linearGradient id="bg"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="10" height="10" fill="url(#bg)"/></svg>';
    expect(svgDrawing(text, "svg-images-blog-x-")?.body).toBe(
      '<defs><linearGradient id="svg-images-blog-x-bg"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="10" height="10" fill="url(#svg-images-blog-x-bg)"/>',
    );
  });

  it("writes the first screen's cover in when it is a drawing of ours of up to 4 KB, and no other", () => {
    const folder = path.join(process.cwd(), "public/images/blog");
    const covers = fs.readdirSync(folder).filter((name) => name.endsWith(".svg"));
    expect(covers.length).toBeGreaterThan(0);
    for (const name of covers) {
      const size = fs.statSync(path.join(folder, name)).size;
      // Larger than a logo (so smallSvgMarkup keeps it out), small enough for the first screen.
      expect(size, name).toBeGreaterThan(1024);
      expect(smallSvgMarkup(`/images/blog/${name}`), name).toBeNull();
      const markup = firstScreenSvgMarkup(`/images/blog/${name}`);
      expect(markup, name).toMatchObject({ viewBox: "0 0 1200 630", width: 1200, height: 630 });
      expect(markup!.body, name).not.toMatch(/<title|\sid="(?!svg-images-blog-)|url\(#(?!svg-images-blog-)/);
    }
    // Two drawings of one file on one page keep their ids apart.
    const cover = "/images/blog/ga4-attribution-and-utm-hygiene-for-growth-teams.svg";
    const [first, second] = [firstScreenSvgMarkup(cover, "_R_1_")!, firstScreenSvgMarkup(cover, "_R_2_")!];
    const ids = (markup: { body: string }) => [...markup.body.matchAll(/\sid="([^"]+)"/g)].map((id) => id[1]);
    expect(ids(first).length).toBeGreaterThan(0);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    expect(firstScreenSvgMarkup("/api/media/0123456789abcdef0123456789abcdef.svg")).toBeNull();
    expect(firstScreenSvgMarkup("/images/blog/../../icon.svg")).toBeNull();
    expect(firstScreenSvgMarkup("/images/blog/no-such-cover.svg")).toBeNull();
  });
});
