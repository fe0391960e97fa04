import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits";
import { AUDIT_RULES, CONTACT_RULES, checkFields } from "./form-rules";
import { AuditFormSchema, ContactFormSchema, fieldErrors } from "./lead-forms";

const audit = {
  name: "  Asha Rao ",
  email: " Asha@Brand.IN ",
  mobileNumber: "98765 43210",
  websiteUrl: "ashabrand.in",
  monthlyRevenue: "10L-50L/month",
  growthChallenge: " Rising CAC ",
};
const contact = { name: "Vikram", email: "v@x.in", mobileNumber: "+44 7911 123456", company: "", message: "Hello" };

function errorsOf(schema: typeof AuditFormSchema | typeof ContactFormSchema, input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("free audit form (SPEC §5)", () => {
  it("normalises: trims, lower-cases the e-mail, E.164 mobile, https:// website", () => {
    expect(AuditFormSchema.parse(audit)).toEqual({
      name: "Asha Rao",
      email: "asha@brand.in",
      mobileNumber: "+919876543210",
      websiteUrl: "https://ashabrand.in/",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: "Rising CAC",
    });
  });

  it("does not require the website", () => {
    expect(AuditFormSchema.parse({ ...audit, websiteUrl: "" }).websiteUrl).toBeNull();
    expect(AuditFormSchema.parse({ ...audit, websiteUrl: undefined }).websiteUrl).toBeNull();
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
    expect(errorsOf(AuditFormSchema, { ...audit, [field]: value })[field]).toContain(message);
  });

  it("accepts each of the five revenue brackets", () => {
    for (const bracket of ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"]) {
      expect(AuditFormSchema.safeParse({ ...audit, monthlyRevenue: bracket }).success).toBe(true);
    }
  });

  it("says the limit when a field is too long", () => {
    expect(errorsOf(AuditFormSchema, { ...audit, name: "a".repeat(LIMITS.personName + 1) }).name).toBe(
      `Name must be at most ${LIMITS.personName} characters.`,
    );
    expect(errorsOf(AuditFormSchema, { ...audit, growthChallenge: "a".repeat(LIMITS.longText + 1) }).growthChallenge).toBe(
      `Biggest growth challenge must be at most ${LIMITS.longText} characters.`,
    );
  });
});

describe("contact form (SPEC §5)", () => {
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
    name: ["", "   ", "Asha", " Asha ", "a".repeat(LIMITS.personName), "a".repeat(LIMITS.personName + 1), ` ${"a".repeat(LIMITS.personName)} `],
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
      `${"a".repeat(250)}@b.in`,
    ],
    mobileNumber: ["", " ", "12345", "98765 43210", "098765 43210", "+44 7911 123456", "0044 7911 123456", "+91 12345", "abc", "9".repeat(33)],
    websiteUrl: ["", " ", "brand.in", "https://brand.in/x?y=1", "javascript:alert(1)", "ftp://files.example.com", "not a site", "localhost", "http://a.b", `${"a".repeat(LIMITS.url)}.in`],
    monthlyRevenue: ["", " ", "0-10L/month", " 0-10L/month", "Under 1 Lakh", "5Cr+/month"],
    growthChallenge: ["", " ", "Rising CAC", "a".repeat(LIMITS.longText + 1)],
    company: ["", " ", "Acme", "a".repeat(LIMITS.company + 1)],
    message: ["", " ", "Hello", "a".repeat(LIMITS.message + 1)],
  };

  it.each([
    ["audit", AuditFormSchema, AUDIT_RULES, audit],
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
    expect(checkFields(AUDIT_RULES, {})).toEqual(errorsOf(AuditFormSchema, {}));
  });
});
