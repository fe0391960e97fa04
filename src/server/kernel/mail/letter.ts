import "server-only";
import { convert } from "html-to-text";
import mjml2html from "mjml";
import sanitizeHtml from "sanitize-html";
import { ALLOWED_TAGS } from "@/lib/blog-tags";
import { isSvgAddress } from "@/lib/og-image";
import { escapeHtml } from "./compose";

// The newsletter's letter (docs/newsletter.md, docs/decisions/0062): written in MJML, which turns a
// few sections into the nested tables and inlined styles that mail clients display (Outlook's Word
// engine, Gmail's stripped <style>), plus a plain-text part made from the same HTML. The letter is
// rendered once per send with placeholders where each copy differs (its counted links, its
// preferences and unsubscribe addresses); a copy is the stored render with those replaced
// (`personalise`), never a render of its own.

export interface LetterContent {
  subject: string;
  previewText: string | null;
  /** A post's title and the address it is read at, when the letter is a post. */
  title: string | null;
  postUrl: string | null;
  coverUrl: string | null;
  /** The post's or the letter's HTML, sanitised as the blog sanitises it (with absolute addresses): only its tags are kept here. */
  body: string;
}

export interface LetterSite {
  /** SITE_URL: every relative link and image becomes absolute against it. */
  url: string;
  name: string;
  /** The agency's postal address, in every letter's footer. */
  address: string;
}

/** What differs per copy, written into the render as these marks (nothing the sanitiser lets through can hold `%%`). */
export const MARK = {
  link: (id: number) => `%%NL:link:${id}%%`,
  manage: "%%NL:manage%%",
  unsubscribe: "%%NL:unsubscribe%%",
} as const;
const MARKS = /%%NL:(link:(\d{1,15})|manage|unsubscribe)%%/g;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = "#1f2937";

/** Inline styles of the body's elements: a mail client keeps `style` attributes, not a stylesheet. */
const STYLES: Record<string, string> = {
  p: "margin:0 0 16px;line-height:1.6;",
  h2: "margin:28px 0 12px;font-size:22px;line-height:1.3;font-weight:700;",
  h3: "margin:24px 0 10px;font-size:18px;line-height:1.35;font-weight:700;",
  h4: "margin:20px 0 8px;font-size:16px;line-height:1.4;font-weight:700;",
  ul: "margin:0 0 16px;padding-left:24px;line-height:1.6;",
  ol: "margin:0 0 16px;padding-left:24px;line-height:1.6;",
  li: "margin:0 0 6px;",
  blockquote: "margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid #d1d5db;color:#4b5563;",
  a: "color:#4338ca;text-decoration:underline;",
  img: "display:block;max-width:100%;height:auto;border:0;margin:0 0 16px;",
  figure: "margin:0 0 16px;",
  figcaption: "font-size:13px;color:#6b7280;margin:4px 0 0;",
  pre: "margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;font-size:13px;white-space:pre-wrap;word-break:break-word;",
  code: "font-family:Menlo,Consolas,monospace;font-size:13px;",
  hr: "border:0;border-top:1px solid #e5e7eb;margin:24px 0;",
  table: "border-collapse:collapse;width:100%;margin:0 0 16px;font-size:14px;",
  th: "border:1px solid #d1d5db;padding:6px 8px;text-align:left;background:#f9fafb;",
  td: "border:1px solid #d1d5db;padding:6px 8px;text-align:left;",
};

/** The distinct http(s) addresses the letter links to: the site, the post's own address when given, then the body's. */
export function letterLinks(content: LetterContent, site: LetterSite): string[] {
  const found = new Set<string>([`${site.url.replace(/\/+$/, "")}/`]);
  if (content.postUrl) found.add(content.postUrl);
  sanitizeHtml(content.body, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        if (href && /^https?:\/\//i.test(href) && href.length <= 2048) found.add(href);
        return { tagName, attribs };
      },
    },
  });
  return [...found];
}

/** The body made for a mail: sanitised as the blog does, absolute addresses, inline styles, links through `linkFor`. */
export function mailBody(body: string, site: LetterSite, linkFor: (url: string) => string): string {
  const styled = Object.fromEntries(
    Object.entries(STYLES).map(([tag, style]) => [
      tag,
      (tagName: string, attribs: sanitizeHtml.Attributes) => {
        const next: sanitizeHtml.Attributes = { ...attribs, style };
        if (tag === "a" && attribs.href) next.href = linkFor(attribs.href.trim());
        if (tag === "img") {
          delete next.loading;
          delete next.decoding;
        }
        return { tagName, attribs: next };
      },
    ]),
  );
  return sanitizeHtml(body, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: false,
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: styled,
    // Gmail and Outlook show no SVG: such an image would be an empty box in the letter.
    exclusiveFilter: (frame) => frame.tag === "img" && isSvgAddress(frame.attribs.src ?? ""),
  });
}

const attr = (value: string) => escapeHtml(value);

/**
 * The letter as HTML and plain text, with `linkFor` giving each link's address (a counted link's
 * mark for a send, the address itself for a preview) and `footer` the preferences and unsubscribe
 * addresses (marks for a send).
 */
export async function renderLetter(
  content: LetterContent,
  site: LetterSite,
  linkFor: (url: string) => string,
  footer: { manage: string; unsubscribe: string },
): Promise<{ html: string; text: string }> {
  const body = mailBody(content.body, site, linkFor);
  const home = site.url.replace(/\/+$/, "");
  const title = content.title
    ? `<mj-text font-size="26px" font-weight="700" line-height="1.25" padding-bottom="16px">${
        content.postUrl
          ? `<a href="${attr(linkFor(content.postUrl))}" style="color:${INK};text-decoration:none;">${escapeHtml(content.title)}</a>`
          : escapeHtml(content.title)
      }</mj-text>`
    : "";
  const cover =
    content.coverUrl && !isSvgAddress(content.coverUrl)
      ? `<mj-image src="${attr(absoluteUrl(content.coverUrl, home))}" alt="" padding="0 25px 20px" fluid-on-mobile="true"${content.postUrl ? ` href="${attr(linkFor(content.postUrl))}"` : ""} />`
      : "";
  const readOn = content.postUrl
    ? `<mj-button href="${attr(linkFor(content.postUrl))}" background-color="#4338ca" color="#ffffff" font-weight="600" border-radius="6px" align="left">Read it on the site</mj-button>`
    : "";
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    ${content.previewText ? `<mj-preview>${escapeHtml(content.previewText)}</mj-preview>` : ""}
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="16px" color="${INK}" line-height="1.6" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="14px" font-weight="700" color="#4338ca"><a href="${attr(linkFor(home + "/"))}" style="color:#4338ca;text-decoration:none;">${escapeHtml(site.name)}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="24px 0">
      <mj-column>
        ${title}
        ${cover}
        <mj-text>${body}</mj-text>
        ${readOn}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text font-size="12px" color="#6b7280" line-height="1.5" align="center">
          You receive this because you subscribed to ${escapeHtml(site.name)}'s newsletter.<br />
          <a href="${attr(footer.manage)}" style="color:#6b7280;text-decoration:underline;">Choose topics or pause</a> &middot;
          <a href="${attr(footer.unsubscribe)}" style="color:#6b7280;text-decoration:underline;">Unsubscribe</a><br />
          ${escapeHtml(site.name)}, ${escapeHtml(site.address)}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // No web fonts (`fonts: {}`): MJML links Google Fonts' stylesheet for a family it knows in the font
  // stack, and every opened letter would then call Google with the reader's address.
  const result = await mjml2html(source, { validationLevel: "soft", keepComments: false, fonts: {} });
  // The plain-text part, from the same parts (not from the tables around them).
  const bodyText = convert(body, {
    wordwrap: 78,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "h4", options: { uppercase: false } },
      { selector: "table", format: "dataTable" },
    ],
  });
  const text = [
    content.title ? `${content.title}\n${"=".repeat(Math.min(78, content.title.length))}` : null,
    bodyText,
    content.postUrl ? `Read it on the site: ${linkFor(content.postUrl)}` : null,
    "--",
    `You receive this because you subscribed to ${site.name}'s newsletter.`,
    `Choose topics or pause: ${footer.manage}`,
    `Unsubscribe: ${footer.unsubscribe}`,
    `${site.name}, ${site.address}`,
  ]
    .filter((part): part is string => part !== null)
    .join("\n\n");
  return { html: result.html, text };
}

function absoluteUrl(url: string, home: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${home}${url}` : url;
}

/** One copy: the stored render with this recipient's addresses written into its marks. */
export function personalise(rendered: string, addresses: { link: (id: number) => string; manage: string; unsubscribe: string }): string {
  return rendered.replace(MARKS, (_whole, what: string, id: string | undefined) =>
    id !== undefined ? addresses.link(Number(id)) : what === "manage" ? addresses.manage : addresses.unsubscribe,
  );
}
