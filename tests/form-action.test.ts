import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FieldError, handleForm } from "@/server/kernel/forms/form-action";

// The one wrapper of form actions, without a database: what each step answers.
const SITE = { headers: new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }), originOnly: true };
const Schema = z.object({ email: z.email("Enter an email."), password: z.string().min(8, "Too short.") });
const answers = {
  foreign: { status: "refused", message: "Foreign." },
  failure: { status: "error", message: "Something went wrong. Please try again." },
  invalid: () => ({ status: "invalid", message: "Check the form." }) as const,
} as const;
const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe("handleForm", () => {
  it("refuses arguments no page of this site sends (a Server Action called by hand) without failing", async () => {
    for (const input of [undefined, null, "email=a@example.com", 42, ["email"], new Map([["email", "a@example.com"]])]) {
      let ran = false;
      const answer = await handleForm({
        log: { failed: "test failed" },
        input: input as never,
        schema: Schema,
        request: SITE,
        answers,
        run: async () => {
          ran = true;
          return { status: "success" };
        },
      });
      expect(answer, String(input)).toMatchObject({ status: "refused", message: "Foreign." });
      expect(ran).toBe(false);
    }
  });

  it("echoes only the fields it is told to (never a password)", async () => {
    const answer = await handleForm({
      log: { failed: "test failed" },
      input: form({ email: "not-an-address", password: "hunter2hunter2" }),
      schema: Schema,
      request: SITE,
      echo: ["email"],
      answers,
      run: async () => ({ status: "success" }),
    });
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { email: "Enter an email." }, values: { email: "not-an-address" } });
    expect(JSON.stringify(answer)).not.toContain("hunter2");
  });

  it("refuses a foreign or null Origin before reading anything", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      let ran = false;
      const answer = await handleForm({
        log: { failed: "test failed" },
        input: form({ email: "a@example.com", password: "longenough" }),
        schema: Schema,
        request: { headers: new Headers({ host: "localhost:3000", origin }), originOnly: true },
        answers,
        run: async () => ((ran = true), { status: "success" }),
      });
      expect(answer.status).toBe("refused");
      expect(ran).toBe(false);
    }
  });

  it("a FieldError is a field message; any other error a fixed text without its words", async () => {
    const run = (error: Error) =>
      handleForm({
        log: { failed: "test failed" },
        input: form({ email: "a@example.com", password: "longenough" }),
        schema: Schema,
        request: SITE,
        answers,
        run: async () => {
          throw error;
        },
      });
    expect(await run(new FieldError({ email: "This address is taken." }))).toMatchObject({
      status: "invalid",
      message: "This address is taken.",
      fieldErrors: { email: "This address is taken." },
    });
    const failed = await run(new Error('Failed query: insert into "users" violates check constraint "users_email_valid"'));
    expect(failed).toMatchObject({ status: "error", message: "Something went wrong. Please try again." });
    expect(JSON.stringify(failed)).not.toMatch(/insert|constraint|users_email/);
  });
});
