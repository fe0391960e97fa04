import { describe, expect, it } from "vitest";
import { sampleBlogPosts } from "@/content/sample-blog-posts";
import { homeCaseStudies, jewelryCaseStudy, sampleTestimonials } from "@/content/samples";
import { AdminLeadSchema, AdminMessageSchema, BlogPostSchema, CaseStudySchema, INVALID_JSON_MESSAGE, TestimonialSchema } from "./admin";
import { ForgotPasswordSchema, SignInSchema, SignUpSchema } from "./auth";
import { fieldErrors } from "./lead-forms";
import { CONTROL_CHARACTERS, REFUSED_URLS } from "./refused-values";

const caseStudy = { title: "Growth", companyName: "Acme", metrics: "" };
const testimonial = { clientName: "Asha", company: "Acme", content: "Great work." };
const post = { title: "Post", slug: "post", content: "<p>Hi</p>", authorName: "Team" };
const lead = { name: "Asha", email: "asha@brand.in", mobileNumber: "98765 43210" };
const message = { ...lead, message: "Hello" };

function errorsOf(schema: { safeParse(input: unknown): { success: true } | { success: false; error: import("zod").ZodError } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}
const metricsError = (metrics: string) => errorsOf(CaseStudySchema, { ...caseStudy, metrics }).metrics;
const metricsOf = (metrics: string | undefined) => CaseStudySchema.parse({ ...caseStudy, metrics }).metrics;

describe("image addresses (docs/decisions/0023)", () => {
  const images = [
    ["case study", CaseStudySchema, caseStudy, "imageUrl"],
    ["testimonial", TestimonialSchema, testimonial, "imageUrl"],
    ["blog post", BlogPostSchema, post, "featuredImageUrl"],
  ] as const;

  it.each(images)(
    "%s: refuses every address the website field refuses, and same-site paths outside /images/ and /api/media/",
    (_kind, schema, valid, field) => {
      const refused = [
        ...REFUSED_URLS.map(([url]) => url),
        "//evil.example/x.png",
        "/\\evil.example/x.png",
        "\\\\evil.example\\x.png",
        "brand.in/x.png",
        "/admin",
        "/api/auth/sign-out",
        "/images/../api/auth/sign-out",
        "/images/%2e%2e/admin",
        "/images//evil.example/x.png",
        "/api/media/../../etc/passwd",
        "/api/media/0123456789abcdef0123456789abcdef.svg",
        "/api/media/0123456789abcdef0123456789abcdef.png?x=1",
      ];
      for (const value of refused) {
        const message = errorsOf(schema, { ...valid, [field]: value })[field];
        expect(message, value).toMatch(/^Enter an image address/);
        expect(message, value).toMatch(/upload a file/);
      }
      expect(errorsOf(schema, { ...valid, [field]: "https://example.com@evil.example/x.png" })[field]).toMatch(/without a name and "@"/);
      expect(errorsOf(schema, { ...valid, [field]: "http://2130706433/x.png" })[field]).toMatch(/not an IP address/);
      expect(errorsOf(schema, { ...valid, [field]: "https://cdn.localhost/x.png" })[field]).toMatch(/localhost and local network names/);
      expect(errorsOf(schema, { ...valid, [field]: "https://{{host}}.cdn.example/x.png" })[field]).toMatch(/letters, digits and hyphens/);
      expect(errorsOf(schema, { ...valid, [field]: 'https://cdn.example/x.png"><script>alert(1)</script>' })[field]).toMatch(/without quotes, angle brackets/);
    },
  );

  it.each(images)("%s: keeps uploads, the sample content's paths and public https addresses", (_kind, schema, valid, field) => {
    const accepted = [
      "/api/media/0123456789abcdef0123456789abcdef.png",
      "/api/media/fedcba9876543210fedcba9876543210.avif",
      "/images/blog/technical-seo-for-shopify-stores-a-d2c-checklist.svg",
      ...sampleBlogPosts.map((p) => p.featuredImageUrl),
      ...[...homeCaseStudies, jewelryCaseStudy].map((c) => c.imageUrl),
      ...sampleTestimonials.map((t) => t.imageUrl),
    ].filter((v): v is string => v !== null);
    expect(accepted.length).toBeGreaterThanOrEqual(12);
    for (const value of accepted) expect(schema.parse({ ...valid, [field]: value })[field as keyof typeof schema._zod.output], value).toBe(value);
    expect(schema.parse({ ...valid, [field]: "https://images.unsplash.com/photo-1?w=800" })[field as keyof typeof schema._zod.output]).toBe(
      "https://images.unsplash.com/photo-1?w=800",
    );
  });
});

describe("control characters in the admin dialogs", () => {
  it.each(CONTROL_CHARACTERS)("single-line fields refuse %j, multi-line ones too", (control, named) => {
    const single = [
      [CaseStudySchema, caseStudy, ["title", "companyName", "industry", "timeframe", "services", "testimonialAuthor"]],
      [TestimonialSchema, testimonial, ["clientName", "company", "role"]],
      [BlogPostSchema, post, ["title", "authorName", "metaTitle", "tags"]],
      [AdminLeadSchema, lead, ["name", "mobileNumber", "websiteUrl"]],
      [AdminMessageSchema, message, ["name", "company"]],
    ] as const;
    const multi = [
      [CaseStudySchema, caseStudy, ["challenge", "solution", "results", "journey", "testimonialQuote"]],
      [TestimonialSchema, testimonial, ["content"]],
      [BlogPostSchema, post, ["excerpt", "content", "metaDescription"]],
      [AdminLeadSchema, lead, ["growthChallenge", "notes"]],
      [AdminMessageSchema, message, ["message", "notes"]],
    ] as const;
    let checked = 0;
    for (const [schema, valid, fields] of [...single, ...multi]) {
      for (const field of fields) {
        expect(errorsOf(schema, { ...valid, [field]: `a${control}b` })[field], `${field} ${JSON.stringify(control)}`).toContain(`(${named})`);
        checked += 1;
      }
    }
    expect(checked).toBe(31);
  });

  it("multi-line fields keep TAB, CR and LF; single-line ones refuse them", () => {
    const text = "First line\r\n\tSecond line\nThird";
    expect(CaseStudySchema.parse({ ...caseStudy, challenge: text }).challenge).toBe(text);
    expect(AdminLeadSchema.parse({ ...lead, notes: text }).notes).toBe(text);
    expect(BlogPostSchema.parse({ ...post, content: `<p>a</p>\r\n\t<p>b</p>` }).content).toBe(`<p>a</p>\r\n\t<p>b</p>`);
    expect(CaseStudySchema.parse({ ...caseStudy, journey: "Step one\r\nStep two\n\tStep three" }).journey).toEqual(["Step one", "Step two", "Step three"]);
    expect(errorsOf(TestimonialSchema, { ...testimonial, clientName: "Asha\r\nRao" }).clientName).toContain("U+000D carriage return");
    expect(errorsOf(BlogPostSchema, { ...post, title: "Tab\there" }).title).toContain("U+0009 tab");
  });
});

describe("metrics JSON (docs/decisions/0023)", () => {
  it("keeps 'Please enter valid JSON for metrics.' for JSON that does not parse", () => {
    for (const bad of ["{", "{'a': 1}", '{"a": 1,}', '{"a": NaN}', '{"a": Infinity}', '{"a": 1\u000b}'])
      expect(metricsError(bad), bad).toBe(INVALID_JSON_MESSAGE);
  });

  it.each([
    ['{"growth": 1e309}', /1e309 is too large to store as a number; write it as text in quotes, like "1e309"/],
    ['{"growth": -1E400}', /-1E400 is too large/],
    ['{"users": 9007199254740993}', /9007199254740993 is beyond the largest exact whole number \(9007199254740991\)/],
    ['{"users": 9007199254740992}', /beyond the largest exact whole number/],
    ['{"users": 1e21}', /beyond the largest exact whole number/],
    ['{"ratio": 0.10000000000000000555}', /more precision than a number can keep \(it would be stored as 0\.1\)/],
    ['{"ratio": 1.00000000000000001}', /it would be stored as 1\)/],
    ['{"tiny": 1e-400}', /it would be stored as 0\)/],
    ['\uFEFF{"growth": "300%"}', /byte-order mark \(U\+FEFF\)/],
    [' \uFEFF {"growth": "300%"}', /byte-order mark/],
    ['{"growth": "300%"}\uFEFF', /byte-order mark/],
    ['{"growth": "3\\u0000"}', /Metric "growth" contains an invisible control character \(U\+0000 NUL\)/],
    ['{"gro\\u0000wth": "3"}', /Metric "gro\uFFFDwth" contains an invisible control character \(U\+0000 NUL\)/],
    ['{"growth": "\\ud800"}', /Metric "growth" contains a broken character \(a lone UTF-16 surrogate/],
    ['{"growth": "x\\udfff"}', /lone UTF-16 surrogate/],
    ['{"\\udbff": "x"}', /lone UTF-16 surrogate/],
    ['{"growth": "\\u001b[31m300%"}', /U\+001B escape/],
    ['{"growth": "300%\\u0085"}', /U\+0085 next line/],
    ['{"growth": "a\\nb"}', /U\+000A line feed/],
  ])("refuses %j beside the field", (metrics, reason) => {
    const result = CaseStudySchema.safeParse({ ...caseStudy, metrics });
    expect(result.success).toBe(false);
    const message = errorsOf(CaseStudySchema, { ...caseStudy, metrics }).metrics;
    expect(message).toMatch(reason);
    expect(message).not.toBe(INVALID_JSON_MESSAGE);
    expect(message!.isWellFormed()).toBe(true);
  });

  it("empty, or only the white space JSON itself allows (space, TAB, CR, LF), is no metrics, as every optional field", () => {
    for (const blank of [undefined, "", "   ", "\n\t \r\n"]) expect(metricsOf(blank), JSON.stringify(blank)).toEqual({});
    expect(metricsOf(' \n {"growth": "300%"} \n')).toEqual({ growth: "300%" });
  });

  it.each([
    ["\u00a0", /only blank characters \(U\+00A0 no-break space\)/],
    ["\u3000\u3000", /only blank characters \(U\+3000/],
    [" \u2028 ", /only blank characters \(U\+2028 line separator\)/],
    ["\u000b", /only blank characters \(U\+000B vertical tab\)/],
    [" \u000c\n", /only blank characters \(U\+000C form feed\)/],
    ["\u0085", /only blank characters \(U\+0085 next line\)/],
    ['\u000b{"growth": "300%"}', /start or end with an invisible character \(U\+000B vertical tab\)/],
    ['{"growth": "300%"}\u00a0', /start or end with an invisible character \(U\+00A0 no-break space\)/],
    ['\u2003{"growth": "300%"}', /start or end with an invisible character \(U\+2003/],
  ])("refuses %j (white space JSON does not allow, which a trim would drop silently) beside the field", (metrics, reason) => {
    const message = errorsOf(CaseStudySchema, { ...caseStudy, metrics }).metrics;
    expect(message).toMatch(reason);
  });

  it("stores numbers a double holds exactly as they read, and texts as sent", () => {
    expect(
      metricsOf(
        '{"growth": "300%", "roas": 4.5, "orders": 9007199254740991, "rate": 1.50, "big": 1e3, "small": 0.1, "neg": -2.25e-3, "zero": -0, "emoji": "🚀 3×", "rtl": "\\u202Eok", "zw": "a\\u200Bb", "bom inside": "x\\ufeffy"}',
      ),
    ).toEqual({
      growth: "300%",
      roas: "4.5",
      orders: "9007199254740991",
      rate: "1.5",
      big: "1000",
      small: "0.1",
      neg: "-0.00225",
      zero: "0",
      emoji: "🚀 3×",
      rtl: "\u202Eok",
      zw: "a\u200Bb",
      "bom inside": "x\uFEFFy",
    });
    expect(metricsOf('{"__proto__": "x"}')).toEqual(Object.fromEntries([["__proto__", "x"]]));
    expect(metricsOf(JSON.stringify({ big: "1e309" }))).toEqual({ big: "1e309" });
  });
});

describe("internationalised domain names in the admin and account forms", () => {
  it("admin leads and messages keep the address as typed, lower-cased", () => {
    expect(AdminLeadSchema.parse({ ...lead, email: "User@Bücher.example" }).email).toBe("user@bücher.example");
    expect(AdminMessageSchema.parse({ ...message, email: "info@例え.jp" }).email).toBe("info@例え.jp");
  });

  it("accounts use the A-labels, so better-auth accepts the address and either spelling signs in", () => {
    const signUp = SignUpSchema.parse({ name: "Asha", email: "asha@bücher.example", password: "Correct-Horse-9" });
    expect(signUp.email).toBe("asha@xn--bcher-kva.example");
    expect(SignInSchema.parse({ email: "Asha@Bücher.example", password: "x" }).email).toBe(signUp.email);
    expect(SignInSchema.parse({ email: "asha@xn--bcher-kva.example", password: "x" }).email).toBe(signUp.email);
    expect(ForgotPasswordSchema.parse({ email: "info@例え.jp" }).email).toBe("info@xn--r8jz45g.jp");
    expect(SignUpSchema.parse({ name: "Asha", email: "asha@brand.in", password: "Correct-Horse-9" }).email).toBe("asha@brand.in");
    expect(errorsOf(SignUpSchema, { name: "Asha", email: "hello@пример.рф", password: "Correct-Horse-9" }).email).toMatch(/domain ends in Latin letters/);
    expect(errorsOf(SignUpSchema, { name: "Asha\u001b", email: "asha@brand.in", password: "Correct-Horse-9" }).name).toContain("U+001B escape");
  });
});
