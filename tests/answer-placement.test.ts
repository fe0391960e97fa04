import { describe, expect, it } from "vitest";
import { toastedToo, writtenInPage } from "@/components/forms/action-form";
import type { FormState } from "@/lib/form-state";

// With JavaScript, a refusal the page already shows where the form is, is not toasted as well.
const refused: FormState = { status: "refused", title: "Login Failed", message: "Invalid email or password.", at: 1 };
const invalid: FormState = { status: "invalid", message: "Please check the form.", fieldErrors: { email: "Email is required." }, at: 1 };

describe("writtenInPage", () => {
  it("a box shows refusals and errors, not field errors", () => {
    expect(writtenInPage("box", refused)).toBe(true);
    expect(writtenInPage("box", { status: "error", message: "Something went wrong.", at: 1 })).toBe(true);
    expect(writtenInPage("box", invalid)).toBe(false);
  });

  it("a line shows any answer with a message; a status line only one without field errors", () => {
    expect(writtenInPage("line", invalid)).toBe(true);
    expect(writtenInPage("status", invalid)).toBe(false);
    expect(writtenInPage("status", refused)).toBe(true);
  });

  it("a row's line without script, or a page that writes nothing, shows none with JavaScript", () => {
    expect(writtenInPage("no-script-line", refused)).toBe(false);
    expect(writtenInPage("none", refused)).toBe(false);
    expect(writtenInPage("box", { status: "idle" })).toBe(false);
  });
});

describe("toastedToo", () => {
  const success: FormState = { status: "success", title: "Account Created!", message: "Please check your email.", at: 1 };

  it("a success in a visitor's form box is said there only; a dashboard form toasts it as well", () => {
    expect(toastedToo("box", success, false)).toBe(false);
    expect(toastedToo("box", success, true)).toBe(true);
  });

  it("a refusal in the box is never toasted as well; an answer the page does not write always is", () => {
    expect(toastedToo("box", refused, true)).toBe(false);
    expect(toastedToo("box", refused, false)).toBe(false);
    expect(toastedToo("none", success, false)).toBe(true);
    expect(toastedToo("none", refused, false)).toBe(true);
    expect(toastedToo("no-script-line", success, false)).toBe(true);
  });
});
