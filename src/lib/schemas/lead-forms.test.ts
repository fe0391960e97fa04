import { describe, expect, it } from "vitest";
import { LIMITS } from "../limits";
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
