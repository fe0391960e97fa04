import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits";
import { FREE_AUDIT_RULES, CONTACT_RULES, checkFields } from "./form-rules";
import { FreeAuditSchema, ContactFormSchema, fieldErrors } from "./lead-forms";
import { CONTROL_CHARACTERS, REFUSED_EMAILS, REFUSED_URLS } from "./refused-values";

const freeAudit = {
  name: "  Asha Rao ",
  email: " Asha@Brand.IN ",
  mobileNumber: "98765 43210",
  websiteUrl: "ashabrand.in",
  monthlyRevenue: "10L-50L/month",
  growthChallenge: " Rising CAC ",
};
const contact = { name: "Vikram", email: "v@x.in", mobileNumber: "+44 7911 123456", company: "", message: "Hello" };

function errorsOf(schema: typeof FreeAuditSchema | typeof ContactFormSchema, input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("free audit form", () => {
  it("normalises: trims, lower-cases the e-mail, E.164 mobile, https:// website", () => {
    expect(FreeAuditSchema.parse(freeAudit)).toEqual({
      name: "Asha Rao",
      email: "asha@brand.in",
      mobileNumber: "+919876543210",
      websiteUrl: "https://ashabrand.in/",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: "Rising CAC",
      package: null,
    });
  });

  it("takes a pricing card's package by its catalogue value and refuses any other", () => {
    expect(FreeAuditSchema.parse({ ...freeAudit, package: "paid-advertising/Starter" }).package).toEqual({ service: "Paid Advertising", package: "Starter" });
    expect(FreeAuditSchema.parse({ ...freeAudit, package: "" }).package).toBeNull();
    expect(FreeAuditSchema.safeParse({ ...freeAudit, package: "paid-advertising/Free" }).success).toBe(false);
  });

  it("does not require the website", () => {
    expect(FreeAuditSchema.parse({ ...freeAudit, websiteUrl: "" }).websiteUrl).toBeNull();
    expect(FreeAuditSchema.parse({ ...freeAudit, websiteUrl: undefined }).websiteUrl).toBeNull();
  });

  it.each([
    ["name", "", "Name is required."],
    ["name", "   ", "Name is required."],
    ["email", "", "Email is required."],
    ["email", "asha@", "Enter a valid email address, like name@company.com."],
    ["mobileNumber", "", "Mobile number is required."],
    ["mobileNumber", "12345", "Enter a valid mobile number"],
    ["monthlyRevenue", "", "Choose your monthly revenue."],
    ["monthlyRevenue", "Under 1 Lakh", "Choose your monthly revenue."],
    ["growthChallenge", "", "Biggest growth challenge is required."],
    ["websiteUrl", "javascript:alert(1)", "Enter a valid website address"],
    ["websiteUrl", "ftp://files.example.com", "Enter a valid website address"],
    ["websiteUrl", "not a site", "Enter a valid website address"],
  ])("%s = %j -> %j", (field, value, message) => {
    expect(errorsOf(FreeAuditSchema, { ...freeAudit, [field]: value })[field]).toContain(message);
  });

  it("accepts each of the five revenue brackets", () => {
    for (const bracket of ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"]) {
      expect(FreeAuditSchema.safeParse({ ...freeAudit, monthlyRevenue: bracket }).success).toBe(true);
    }
  });

  it("says the limit when a field is too long", () => {
    expect(errorsOf(FreeAuditSchema, { ...freeAudit, name: "a".repeat(LIMITS.personName + 1) }).name).toBe(
      `Name must be at most ${LIMITS.personName} characters.`,
    );
    expect(errorsOf(FreeAuditSchema, { ...freeAudit, growthChallenge: "a".repeat(LIMITS.longText + 1) }).growthChallenge).toBe(
      `Biggest growth challenge must be at most ${LIMITS.longText} characters.`,
    );
  });
});

describe("website addresses (docs/decisions/0023)", () => {
  it.each(REFUSED_URLS)("refuses %j with its reason", (value, reason) => {
    const message = errorsOf(FreeAuditSchema, { ...freeAudit, websiteUrl: value }).websiteUrl;
    expect(message, value).toMatch(/^Enter a valid website address/);
    expect(message, value).toMatch(reason);
  });

  it.each([
    ["brand.in", "https://brand.in/"],
    ["http://brand.in", "http://brand.in/"],
    ["HTTPS://Shop.Brand.co.in/path?q=1#top", "https://shop.brand.co.in/path?q=1#top"],
    ["brand.in:8080/x", "https://brand.in:8080/x"],
    ["bücher.example", "https://xn--bcher-kva.example/"],
    ["https://例え.jp/", "https://xn--r8jz45g.jp/"],
    ["https://brand.in/%7B%7Bnot-a-host%7D%7D", "https://brand.in/%7B%7Bnot-a-host%7D%7D"],
    ["https://brand.in/a%22b%3Cc%3E", "https://brand.in/a%22b%3Cc%3E"],
    ["https://en.wikipedia.org/wiki/Hell's_Kitchen", "https://en.wikipedia.org/wiki/Hell's_Kitchen"],
    ["https://1password.com/", "https://1password.com/"],
  ])("accepts %j as %j", (value, stored) => {
    expect(FreeAuditSchema.parse({ ...freeAudit, websiteUrl: value }).websiteUrl).toBe(stored);
  });
});

describe("control characters (docs/decisions/0023)", () => {
  it.each(CONTROL_CHARACTERS)("a single-line field refuses %j, wherever it is", (control, named) => {
    for (const name of [`Asha${control}Rao`, `${control}Asha`, `Asha${control}`]) {
      expect(errorsOf(ContactFormSchema, { ...contact, name }).name, JSON.stringify(name)).toBe(
        `Name contains an invisible control character (${named}). Remove it and send again.`,
      );
    }
    expect(errorsOf(ContactFormSchema, { ...contact, company: `Acme${control}` }).company).toContain(named);
    expect(errorsOf(ContactFormSchema, { ...contact, mobileNumber: `98765${control}43210` }).mobileNumber).toContain(named);
    expect(errorsOf(FreeAuditSchema, { ...freeAudit, websiteUrl: `brand.in${control}` }).websiteUrl).toContain(named);
  });

  it("a single-line field refuses tabs and line breaks too; a multi-line one keeps them", () => {
    for (const [control, named] of [
      ["\t", "U+0009 tab"],
      ["\n", "U+000A line feed"],
      ["\r", "U+000D carriage return"],
      ["\u2028", "U+2028 line separator"],
    ]) {
      expect(errorsOf(ContactFormSchema, { ...contact, name: `Eve${control}Bcc: x@evil.example` }).name).toContain(named);
    }
    const message = "Line one\r\nLine two\n\tindented\u2028end";
    expect(ContactFormSchema.parse({ ...contact, message }).message).toBe(message);
    expect(FreeAuditSchema.parse({ ...freeAudit, growthChallenge: `a\r\nb\tc` }).growthChallenge).toBe("a\r\nb\tc");
  });

  it.each(CONTROL_CHARACTERS)("a multi-line field refuses %j", (control, named) => {
    expect(errorsOf(ContactFormSchema, { ...contact, message: `Hello${control}there` }).message).toBe(
      `Message contains an invisible control character (${named}). Remove it and send again.`,
    );
    expect(errorsOf(FreeAuditSchema, { ...freeAudit, growthChallenge: `${control}CAC` }).growthChallenge).toContain(named);
  });

  it("keeps RTL overrides, zero-width characters, emoji and combining marks exactly as sent", () => {
    for (const name of [
      "Ali\u202Ecod.exe\u202C",
      "Ze\u200Bro\u200Cwi\u200Ddth\u2060x",
      "Priya 👩🏽‍💻🚀 Rao",
      "Ze\u0301\u0308\u0327lda",
      "\u2067שלום\u2069 \u200Fok",
    ]) {
      expect(ContactFormSchema.parse({ ...contact, name, company: name, message: name }), JSON.stringify(name)).toMatchObject({
        name,
        company: name,
        message: name,
      });
    }
  });
});

describe("internationalised domain names in e-mail addresses", () => {
  it.each([
    ["user@bücher.example", "user@bücher.example"],
    ["info@例え.jp", "info@例え.jp"],
    ["Info@Bücher.Example", "info@bücher.example"],
    ["kontakt@straße.de", "kontakt@straße.de"],
    ["hello@пример.рф", "hello@пример.рф"],
    ["a@xn--bcher-kva.example", "a@xn--bcher-kva.example"],
  ])("accepts %j, stored as %j", (email, stored) => {
    expect(ContactFormSchema.parse({ ...contact, email }).email).toBe(stored);
    expect(FreeAuditSchema.parse({ ...freeAudit, email }).email).toBe(stored);
  });

  it.each([
    "user@ｅｘａｍｐｌｅ.com",
    "user@bu\u0308cher.example",
    "user@-bücher.example",
    "user@bücher-.example",
    "user@bücher",
    "user@bü cher.example",
    "user@😀.example",
    "ü@brand.in",
    "user@bücher..example",
  ])("refuses %j", (email) => {
    expect(errorsOf(ContactFormSchema, { ...contact, email }).email).toBe("Enter a valid email address, like name@company.com.");
  });
});

describe("e-mail address lengths (RFC 5321: local part 64, each domain label 63)", () => {
  it.each(REFUSED_EMAILS)("refuses %j beside the field with its reason", (email, reason) => {
    expect(errorsOf(ContactFormSchema, { ...contact, email }).email).toMatch(reason);
    expect(errorsOf(FreeAuditSchema, { ...freeAudit, email }).email).toMatch(reason);
    expect(checkFields(CONTACT_RULES, { ...contact, email }).email).toMatch(reason);
  });

  it("accepts a 64-character local part and 63-character labels", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.in`;
    expect(ContactFormSchema.parse({ ...contact, email }).email).toBe(email);
    expect(checkFields(CONTACT_RULES, { ...contact, email })).toEqual({});
  });
});

describe("contact form", () => {
  it("saves an empty company as null", () => {
    expect(ContactFormSchema.parse(contact).company).toBeNull();
    expect(ContactFormSchema.parse({ ...contact, company: "  Acme " }).company).toBe("Acme");
  });

  it.each([
    ["name", ""],
    ["email", ""],
    ["mobileNumber", ""],
    ["message", " "],
  ])("requires %s", (field, value) => {
    expect(errorsOf(ContactFormSchema, { ...contact, [field]: value })[field]).toMatch(/required/);
  });
});

describe("the browser's check (form-rules.ts) gives the Zod schema's messages, field by field", () => {
  const corpus: Record<string, string[]> = {
    name: [
      "",
      "   ",
      "Asha",
      " Asha ",
      "a".repeat(LIMITS.personName),
      "a".repeat(LIMITS.personName + 1),
      ` ${"a".repeat(LIMITS.personName)} `,
      "A\u001bB",
      "\u000b",
      "Asha\u0085",
      "A\tB",
      "Ali\u202Ecod",
    ],
    email: [
      "",
      " ",
      "asha@",
      "@brand.in",
      "asha@brand",
      "asha@brand.in",
      " Asha@Brand.IN ",
      "a.b@c.co",
      "a..b@c.co",
      ".a@c.co",
      "a.@c.co",
      "a b@c.co",
      "o'neil+tag@mail-server.example.org",
      "a@-brand.in",
      "a@brand-.in",
      "a@brand.i",
      "a@brand.123",
      "ä@brand.in",
      "user@bücher.example",
      "info@例え.jp",
      "user@ｅｘａｍｐｌｅ.com",
      "user@bücher",
      "a@b.in\u0007",
      `${"a".repeat(250)}@b.in`,
      `${"a".repeat(64)}@brand.in`,
      `a@${"b".repeat(63)}.in`,
      ...REFUSED_EMAILS.map(([email]) => email),
    ],
    mobileNumber: ["", " ", "12345", "98765 43210", "098765 43210", "+44 7911 123456", "0044 7911 123456", "+91 12345", "abc", "9".repeat(33)],
    websiteUrl: [
      "",
      " ",
      "brand.in",
      "https://brand.in/x?y=1",
      "javascript:alert(1)",
      "ftp://files.example.com",
      "not a site",
      "localhost",
      "http://a.b",
      `${"a".repeat(LIMITS.url)}.in`,
      ...REFUSED_URLS.map(([url]) => url),
      "bücher.example",
    ],
    monthlyRevenue: ["", " ", "0-10L/month", " 0-10L/month", "Under 1 Lakh", "5Cr+/month"],
    growthChallenge: ["", " ", "Rising CAC", "a".repeat(LIMITS.longText + 1)],
    company: ["", " ", "Acme", "a".repeat(LIMITS.company + 1)],
    message: ["", " ", "Hello", "a".repeat(LIMITS.message + 1), "a\r\nb\tc", "a\u000bb", "\u0085"],
  };

  it.each([
    ["free audit", FreeAuditSchema, FREE_AUDIT_RULES, freeAudit],
    ["contact", ContactFormSchema, CONTACT_RULES, contact],
  ] as const)("%s form", (_name, schema, rules, valid) => {
    expect(checkFields(rules, valid)).toEqual({});
    let compared = 0;
    for (const field of Object.keys(rules)) {
      for (const value of corpus[field]!) {
        const input = { ...valid, [field]: value };
        expect(checkFields(rules, input), `${field} = ${JSON.stringify(value)}`).toEqual(errorsOf(schema, input));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("a missing field is the same as an empty one", () => {
    expect(checkFields(CONTACT_RULES, {})).toEqual(errorsOf(ContactFormSchema, {}));
    expect(checkFields(FREE_AUDIT_RULES, {})).toEqual(errorsOf(FreeAuditSchema, {}));
  });
});
