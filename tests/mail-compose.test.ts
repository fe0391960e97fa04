import { describe, expect, it } from "vitest";
import { bookingLimitAlert, holdMail, hostMail, reminderMail, visitorMail } from "@/server/booking/mails";
import type { Booking } from "@/server/kernel/db/schema";
import { composeMail, escapeHtml, type MailMessage } from "@/server/kernel/mail/compose";
import { acknowledgementMail, leadNotification } from "@/server/kernel/mail/notify";
import { confirmationMail } from "@/server/newsletter/subscribe";
import { siteConfig } from "@/server/kernel/site-config";
import { renderLetter } from "@/server/kernel/mail/letter";
import { sanitizeBlogHtml } from "@/server/content/html";
import { letterContent } from "@/server/newsletter/send";

// Every transactional mail is made by composeMail (docs/decisions/0090): these are the rules each of
// them then keeps, whatever a visitor typed into the text it carries.

const hostile = `<b>"Tom" & 'Jerry'</b>`;
const escaped = "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;";

const everyField: MailMessage = {
  subject: `Subject ${hostile}`,
  heading: `Heading ${hostile}`,
  paragraphs: [`First ${hostile}`, `Second paragraph\nwith a typed line break`],
  rows: [[`Label ${hostile}`, `Value ${hostile}`]],
  links: [
    { label: `Call ${hostile}`, url: "tel:+919812345678" },
    { label: `Open ${hostile}`, url: `https://agency.example/admin/leads?edit=1&x="y"` },
  ],
  sections: [{ title: `Title ${hostile}`, paragraphs: [`Section paragraph ${hostile}`], rows: [["Row", `Row value ${hostile}`]] }],
  button: { label: `Button ${hostile}`, url: "https://agency.example/confirm?token=abc&next=%2F" },
  footer: [`Footer ${hostile}`],
};

/** Every http(s) address the HTML holds, attribute or text. */
const addresses = (html: string) => [...html.matchAll(/https?:\/\/[^\s"'<>]+/gi)].map((m) => m[0].replace(/&amp;/g, "&"));

describe("composeMail", () => {
  const mail = composeMail(everyField);

  it("escapes <, &, and both quotes in every field of the HTML", () => {
    for (const field of ["Subject", "Heading", "First", "Label", "Value", "Call", "Open", "Title", "Section paragraph", "Row value", "Button", "Footer"]) {
      expect(mail.html).toContain(`${field} ${escaped}`);
    }
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain(`"Tom"`);
    // Addresses are escaped as attribute values too: their quote cannot close the href.
    expect(mail.html).toContain('href="https://agency.example/admin/leads?edit=1&amp;x=&quot;y&quot;"');
    expect(mail.html).toContain('href="https://agency.example/confirm?token=abc&amp;next=%2F"');
    expect(mail.html).toContain("Second paragraph<br>with a typed line break");
  });

  it("keeps the subject as given: the outbox makes it header-safe", () => {
    expect(mail.subject).toBe(`Subject ${hostile}`);
  });

  it("writes the plain text from the same message: every paragraph, row, link and the button's address", () => {
    for (const part of [
      `Heading ${hostile}`,
      `First ${hostile}`,
      "Second paragraph\nwith a typed line break",
      `Label ${hostile}: Value ${hostile}`,
      `Call ${hostile}: +919812345678`,
      `Open ${hostile}: https://agency.example/admin/leads?edit=1&x="y"`,
      `Title ${hostile}:\nSection paragraph ${hostile}`,
      `Row: Row value ${hostile}`,
      `Button ${hostile}: https://agency.example/confirm?token=abc&next=%2F`,
      `Footer ${hostile}`,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toMatch(/&amp;|&lt;|<td|<p/);
    expect(mail.text.trimEnd().split("\n").at(-1)).toBe(siteConfig().name);
  });

  it("loads nothing from elsewhere: its only addresses are the links it was given", () => {
    const given = ["https://agency.example/admin/leads?edit=1&x=", "https://agency.example/confirm?token=abc&next=%2F"];
    for (const address of addresses(mail.html))
      expect(
        given.some((g) => address.startsWith(g)),
        address,
      ).toBe(true);
    expect(mail.html).not.toMatch(/<link|<img|<script|@import|url\(/i);
    expect(mail.html).not.toMatch(/fonts\.googleapis/);
  });

  it("is laid out in tables with inline styles, under the site's name", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('<table role="presentation"');
    expect(mail.html).not.toContain("<style");
    expect(mail.html).toContain(`>${siteConfig().name}</td>`);
    expect(mail.html).toContain('<a href="tel:+919812345678"');
  });

  it("writes only what the message has: no empty tables or headings", () => {
    const bare = composeMail({ subject: "Hi", paragraphs: ["Just this."] });
    expect(bare.text).toBe(`Just this.\n\n${siteConfig().name}\n`);
    expect(bare.html).not.toContain("<h1");
    expect(bare.html).not.toContain("<h2");
    expect(bare.html).not.toContain("Or paste this address");
    expect(addresses(bare.html)).toEqual([]);
  });

  it("refuses a link that is not http(s), tel: or mailto:", () => {
    expect(() => composeMail({ subject: "x", button: { label: "Go", url: "javascript:alert(1)" } })).toThrow(/not an http/);
    expect(() => composeMail({ subject: "x", links: [{ label: "Go", url: "/relative" }] })).toThrow(/not an http/);
  });
});

describe("the newsletter's letter", () => {
  const site = { url: "http://localhost:3999", name: "Agency", address: "Pune" };
  const render = (coverUrl: string | null, body: string) =>
    // The body as the newsletter hands it over: sanitised as the blog does, addresses made absolute.
    renderLetter(
      {
        subject: "Letter",
        previewText: null,
        title: "A post",
        postUrl: `${site.url}/blog/a-post`,
        coverUrl,
        body: sanitizeBlogHtml(body, { baseUrl: site.url }),
      },
      site,
      (url) => url,
      {
        manage: `${site.url}/newsletter/manage`,
        unsubscribe: `${site.url}/newsletter/unsubscribe`,
      },
    );

  it("links no web font: opening it calls nobody but the site", async () => {
    const { html } = await render(null, "<p>Hello readers.</p>");
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic|@import/);
    for (const address of addresses(html)) expect(address.startsWith(site.url) || address === "http://www.w3.org/1999/xhtml", address).toBe(true);
  });

  it("shows no SVG image, cover or body: Gmail and Outlook do not display one", async () => {
    const { html } = await render(
      "/images/blog/a-post.svg",
      '<p>Text</p><img src="/images/chart.svg" alt="Chart"><img src="/api/media/photo.png" alt="Photo">',
    );
    expect(html).not.toMatch(/\.svg/i);
    expect(html).toContain(`${site.url}/api/media/photo.png`);
  });

  it("takes a post's generated PNG as its cover when the post's own image is an SVG", () => {
    const post = { slug: "a-post", title: "A post", authorName: "Asha", featuredImageUrl: "/images/blog/a-post.svg", content: "<p>Text</p>" };
    expect(letterContent({ subject: "s", previewText: null, body: null }, post as never, site).coverUrl).toMatch(
      /^\/api\/og\/blog\/a-post\/[0-9a-f]{12}\.png$/,
    );
    expect(letterContent({ subject: "s", previewText: null, body: null }, { ...post, featuredImageUrl: "/api/media/c.jpg" } as never, site).coverUrl).toBe(
      "/api/media/c.jpg",
    );
  });
});

describe("every transactional mail is composed in the one layout", () => {
  const booking = {
    id: "6f0c2a3e-0000-4000-8000-000000000001",
    tokenVersion: 1,
    sequence: 0,
    startsAt: new Date("2026-12-01T05:30:00Z"),
    endsAt: new Date("2026-12-01T06:00:00Z"),
    name: hostile,
    email: "visitor@brand.in",
    phone: "+919812345678",
    company: hostile,
    topic: `Topic ${hostile}`,
    timeZone: "Asia/Kolkata",
    status: "booked",
    leadId: null,
  } as unknown as Booking;
  const host = { id: "h1", name: `Host ${hostile}`, email: "host@agency.in" };
  const site = siteConfig();
  const mails: [string, { html?: string; text: string }][] = [
    ["visitor booked", visitorMail(booking, host, "booked")],
    ["visitor cancelled", visitorMail(booking, host, "cancelled")],
    ["member", hostMail(booking, host, "rescheduled")],
    ["held", holdMail(booking, host, 30)],
    ["reminder", reminderMail(booking, host, "1h")],
    ["limit alert", bookingLimitAlert(["owner@agency.in"], 20)],
    ["notification", leadNotification("contact", "New message", [["Message", hostile]], {}, { id: "m1", phone: "+919812345678" })],
    ["acknowledgement", acknowledgementMail("audit", "lead@brand.in")!.mail],
    ["newsletter confirmation", confirmationMail({ id: "s1", tokenVersion: 1, email: "reader@brand.in" })],
  ];

  it.each(mails)("%s: the layout, the site's name, every address its own, what a visitor typed escaped", (_name, mail) => {
    const html = mail.html ?? "";
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(`>${escapeHtml(site.name)}</td>`);
    expect(html).not.toContain("<b>");
    for (const address of addresses(html)) expect(address.startsWith(site.url.replace(/\/$/, "")), address).toBe(true);
    expect(mail.text.trimEnd().split("\n").at(-1)).toBe(site.name);
  });

  it("the member's mail carries what the visitor typed, escaped in the HTML and as typed in the text", () => {
    const member = hostMail(booking, host, "booked");
    expect(member.html).toContain(`Topic ${escaped}`);
    expect(member.text).toContain(`Topic: Topic ${hostile}`);
  });
});
