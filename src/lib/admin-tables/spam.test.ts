import { describe, expect, it } from "vitest";
import type { SpamSubmission } from "@/server/kernel/db/schema";
import { spamTable } from "./spam";

describe("the Spam list's detail line", () => {
  it("names each held field by its form label, never by its key", () => {
    const row = {
      id: "s1",
      form: "audit",
      reason: "too-fast",
      name: "Asha",
      email: "asha@example.com",
      fields: {
        name: "Asha",
        email: "asha@example.com",
        mobileNumber: "+919876543210",
        websiteUrl: "https://asha.example",
        growthChallenge: "More leads",
        newsletter: "on",
      },
    } as unknown as SpamSubmission;
    const detail = spamTable.summary(row).detail;
    expect(detail).toBe("Mobile number: +919876543210 — Website: https://asha.example — Biggest growth challenge: More leads — Newsletter sign-up: yes");
    expect(detail).not.toMatch(/mobileNumber|websiteUrl|growthChallenge/);
  });

  it("labels the contact form's company and message", () => {
    const row = {
      id: "s2",
      form: "contact",
      reason: "honeypot",
      name: null,
      email: null,
      fields: { company: "Kite", message: "Hello" },
    } as unknown as SpamSubmission;
    expect(spamTable.summary(row).detail).toBe("Company: Kite — Message: Hello");
  });
});
