import { describe, expect, it } from "vitest";
import { sampleBlogPosts } from "@/content/sample-blog-posts";
import { addHeadingIds, isPlainText, plainTextToHtml, renderArticleContent, sanitizeBlogHtml } from "@/server/content/html";
import { XSS_PAYLOADS } from "../e2e/security/xss-corpus";

/** Payloads that have slipped past sanitisers before: each must come out harmless. */
const XSS_CORPUS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="javascript:alert(1)">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<img src="//evil.example/pixel.gif">`,
  `<img """><script>alert(1)</script>">`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href="java\tscript:alert(1)">tab</a>`,
  `<a href="java&#x09;script:alert(1)">entity tab</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">decimal</a>`,
  `<a href="&#x6A;avascript:alert(1)">hex</a>`,
  `<a href="javascript&colon;alert(1)">colon entity</a>`,
  `<a href=" javascript:alert(1)">leading space</a>`,
  `<a href="vbscript:msgbox(1)">vb</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">data</a>`,
  `<a href="//evil.example">protocol relative</a>`,
  `<a href="https://example.com" onclick="alert(1)" onmouseover="alert(2)">events</a>`,
  `<p style="background:url(javascript:alert(1))" class="x" id="main">styled</p>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<object data="x.swf"></object><embed src="x.swf">`,
  `<svg onload=alert(1)><circle r="1"/></svg>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<style><img src=x onerror=alert(1)></style>`,
  `<textarea><img src=x onerror=alert(1)></textarea>`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<input autofocus onfocus=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<body onload=alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="https://evil.example/">`,
  `<link rel=stylesheet href="https://evil.example/x.css">`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<![CDATA[<img src=x onerror=alert(1)>]]>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<<script>script>alert(1)<</script>/script>`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<a href="https://ok.example/" target="_blank" rel="opener">opener</a>`,
  `<table><tr><td onclick=alert(1) background="javascript:alert(1)">cell</td></tr></table>`,
  `<h2 onclick="alert(1)" id="x">Heading</h2>`,
  `<img src="/images/blog/x.png" width="100%" height="50 onerror=alert(1)">`,
  `<p>unclosed <b>bold <i>italic</p> tail`,
  `<ul><li>one<li>two</ul><p>a<p>b`,
  `<p><ul><li>list in p</li></ul></p>`,
  `<a href="/blog/x"><a href="/blog/y">nested</a></a>`,
  `<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &nbsp; &#60;b&#62;</p>`,
  `<h1>Title</h1><h5>Deep</h5><h6>Deeper</h6>`,
  `<div><span>div text</span></div><section>sec</section>`,
  `<img src="https://cdn.example/a.png" alt='He said "hi" & left'>`,
  `<a href="mailto:hello@example.com?subject=Hi">mail</a>`,
  `<a href="tel:+911234">phone</a>`,
];

function decodeAttr(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&amp;/g, "&");
}

describe("sanitizeBlogHtml: allow-list", () => {
  it.each(XSS_CORPUS)("neutralises %s", (payload) => {
    const clean = sanitizeBlogHtml(payload);
    expect(clean).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|button|meta|base|link|body|template|noscript|textarea|details)\b/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/\s(style|class|id|target|background)\s*=/i);
    for (const [, value] of clean.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const url = decodeAttr(value!)
        .replace(/[\u0000-\u0020]/g, "")
        .toLowerCase();
      expect(url, payload).toMatch(/^(https?:|mailto:|\/(?!\/)|[a-z0-9._~-]*(?:[/?#]|$))/);
      expect(url, payload).not.toMatch(/^(javascript|vbscript|data):/);
    }
    // Anything that looks like markup in text is escaped, never live.
    expect(
      clean.replace(
        /<\/?(h[234]|p|br|strong|em|b|i|u|s|blockquote|ul|ol|li|a|img|code|pre|hr|table|caption|thead|tbody|tfoot|tr|th|td|figure|figcaption)(\s[^>]*)?\s*\/?>/g,
        "",
      ),
    ).not.toMatch(/</);
  });

  it.each([...XSS_CORPUS, ...sampleBlogPosts.map((p) => p.content), "Plain\ntext\n\nwith <3 & breaks"])(
    "is idempotent: sanitize(sanitize(x)) === sanitize(x) for %#",
    (payload) => {
      const once = sanitizeBlogHtml(payload);
      expect(sanitizeBlogHtml(once)).toBe(once);
    },
  );

  it(`is idempotent for every entry of the end-to-end XSS corpus (${XSS_PAYLOADS.length} payloads), alone and all in one post`, () => {
    let differing = 0;
    let scriptLike = 0;
    for (const payload of [...XSS_PAYLOADS, XSS_PAYLOADS.join("\n")]) {
      const once = sanitizeBlogHtml(payload);
      if (sanitizeBlogHtml(once) !== once) differing += 1;
      // What the article page renders (ids on headings) is also stable when rendered again.
      if (renderArticleContent(once).html !== renderArticleContent(payload).html) differing += 1;
      // Live markup only: text such as "javascript:alert(1)" or an escaped &lt;script&gt; is harmless.
      const tags = once.match(/<[a-z][^>]*>/gi) ?? [];
      if (
        tags.some((tag) =>
          /^<(script|iframe|object|embed|svg|math|base|meta|link|form)\b|\son[a-z]+\s*=|(href|src)\s*=\s*"?\s*(javascript|data|vbscript):/i.test(tag),
        )
      )
        scriptLike += 1;
    }
    console.log(
      `Blog HTML: ${XSS_PAYLOADS.length + 1} corpus entries sanitised twice; ${differing} differ, ${scriptLike} keep a script, handler or javascript: URL`,
    );
    expect(differing).toBe(0);
    expect(scriptLike).toBe(0);
  });

  it("keeps the formatting the allow-list permits", () => {
    const html = [
      "<h2>Two</h2><h3>Three</h3><h4>Four</h4>",
      "<p>a<br>b <strong>s</strong> <em>e</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s></p>",
      '<blockquote>q</blockquote><ul><li>u</li></ul><ol start="3"><li>o</li></ol>',
      "<pre><code>x = 1</code></pre><hr>",
      '<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>',
      '<figure><img src="/images/blog/a.png" alt="A" width="600" height="400"><figcaption>cap</figcaption></figure>',
    ].join("");
    const clean = sanitizeBlogHtml(html);
    for (const fragment of [
      "<h2>Two</h2>",
      "<h3>Three</h3>",
      "<h4>Four</h4>",
      "a<br />b",
      "<strong>s</strong>",
      "<u>u</u>",
      "<s>s</s>",
      "<blockquote>q</blockquote>",
      '<ol start="3">',
      "<pre><code>x = 1</code></pre>",
      "<hr />",
      '<th scope="col">h</th>',
      '<td colspan="2">d</td>',
      "<caption>c</caption>",
      '<img loading="lazy" decoding="async" src="/images/blog/a.png" alt="A" width="600" height="400" />',
      "<figcaption>cap</figcaption>",
    ]) {
      expect(clean).toContain(fragment);
    }
  });

  it("adds rel=noopener noreferrer to external links only, and keeps mailto and relative links", () => {
    expect(sanitizeBlogHtml('<a href="https://example.com/x" rel="opener">x</a>')).toBe('<a href="https://example.com/x" rel="noopener noreferrer">x</a>');
    expect(sanitizeBlogHtml('<a href="/services/seo-optimization" rel="nofollow">seo</a>')).toBe('<a href="/services/seo-optimization">seo</a>');
    expect(sanitizeBlogHtml('<a href="mailto:a@b.in">m</a>')).toBe('<a href="mailto:a@b.in">m</a>');
    expect(sanitizeBlogHtml('<a href="tel:+911234">t</a>')).toBe("<a>t</a>");
  });

  it("drops images whose address is refused, and non-numeric dimensions", () => {
    expect(sanitizeBlogHtml('<p><img src="javascript:alert(1)" alt="x">after</p>')).toBe("<p>after</p>");
    expect(sanitizeBlogHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
    expect(sanitizeBlogHtml('<img src="https://cdn.example/a.png" width="100%" height="abc">')).toBe(
      '<img loading="lazy" decoding="async" src="https://cdn.example/a.png" />',
    );
  });

  it("folds h1 into h2 and h5/h6 into h4", () => {
    expect(sanitizeBlogHtml("<h1>A</h1><h5>B</h5><h6>C</h6>")).toBe("<h2>A</h2><h4>B</h4><h4>C</h4>");
  });

  it("makes site-relative addresses absolute when asked (feed)", () => {
    expect(sanitizeBlogHtml('<a href="/about">a</a><img src="/i.png" alt="">', { baseUrl: "https://x.in/" })).toBe(
      '<a href="https://x.in/about">a</a><img loading="lazy" decoding="async" src="https://x.in/i.png" alt="" />',
    );
  });
});

describe("plain-text content", () => {
  it("is recognised by having no tags", () => {
    expect(isPlainText("Hello\nworld & 5 < 6")).toBe(true);
    expect(isPlainText("Hello <strong>world</strong>")).toBe(false);
    expect(isPlainText("a <!-- b -->")).toBe(false);
  });

  it("becomes paragraphs at blank lines and <br> at single line breaks, escaped", () => {
    expect(plainTextToHtml("One\nline two\r\n\r\n\nSecond <para> & more\n")).toBe("<p>One<br />line two</p>\n<p>Second &lt;para&gt; &amp; more</p>");
    expect(sanitizeBlogHtml("First line\nsecond line\n\nNext paragraph")).toBe("<p>First line<br />second line</p>\n<p>Next paragraph</p>");
  });
});

describe("HTML mixed with bare lines of text", () => {
  it("turns line breaks outside block elements into <br>, blank lines into paragraphs", () => {
    const content = "<h2>Intro</h2>\nFirst line\nSecond line\n\nNew paragraph with <strong>bold\ntext</strong>\n<h2>Next</h2>";
    expect(sanitizeBlogHtml(content)).toBe(
      "<h2>Intro</h2><p>First line<br />Second line</p><p>New paragraph with <strong>bold<br />text</strong></p><h2>Next</h2>",
    );
  });

  it("leaves line breaks inside block elements, and whitespace between blocks, as written", () => {
    const content = "<p>kept\nas written</p>\n\n<ul><li>one\ntwo</li></ul>\n<pre>a\n  b</pre>";
    expect(sanitizeBlogHtml(content)).toBe(content);
  });

  it("is a fixed point: a second pass changes nothing", () => {
    const once = sanitizeBlogHtml("Lead line\n<em>then</em>\n\n<blockquote>q\nuote</blockquote>\ntail\nend");
    expect(once).toBe("<p>Lead line<br /><em>then</em></p><blockquote>q\nuote</blockquote><p>tail<br />end</p>");
    expect(sanitizeBlogHtml(once)).toBe(once);
  });
});

describe("heading ids and the outline", () => {
  it("are made from the heading text, de-duplicated with -2, -3", () => {
    const { html, headings } = addHeadingIds("<h2>Key Points</h2><p>x</p><h3>Key <em>Points</em></h3><h2>Key Points</h2><h4>Café &amp; Co</h4>");
    expect(html).toBe(
      '<h2 id="key-points">Key Points</h2><p>x</p><h3 id="key-points-2">Key <em>Points</em></h3><h2 id="key-points-3">Key Points</h2><h4 id="cafe-co">Café &amp; Co</h4>',
    );
    expect(headings).toEqual([
      { id: "key-points", text: "Key Points", level: 2 },
      { id: "key-points-2", text: "Key Points", level: 3 },
      { id: "key-points-3", text: "Key Points", level: 2 },
      { id: "cafe-co", text: "Café & Co", level: 4 },
    ]);
  });

  it("never hand out an id the page reserves, nor an empty one", () => {
    const { headings } = addHeadingIds("<h2>Main</h2><h2>!!!</h2><h2>???</h2>", ["main"]);
    expect(headings.map((h) => h.id)).toEqual(["main-2", "section", "section-2"]);
  });

  it("are stable: the same content always gives the same ids", () => {
    const post = sampleBlogPosts[0]!;
    expect(renderArticleContent(post.content)).toEqual(renderArticleContent(post.content));
  });

  it("outline lists only h2 and h3, in document order, each id present in the html", () => {
    for (const post of sampleBlogPosts) {
      const { html, outline } = renderArticleContent(post.content);
      expect(outline.length, post.slug).toBeGreaterThan(0);
      expect(outline.every((h) => h.level === 2 || h.level === 3)).toBe(true);
      const ids = [...html.matchAll(/<h[23] id="([^"]+)"/g)].map((m) => m[1]);
      expect(outline.map((h) => h.id)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
