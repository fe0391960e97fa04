import { describe, expect, it } from "vitest";
import { controlCharacter, unstorableFields, unstorableReason } from "./text-safety";

describe("unstorableReason", () => {
  it("accepts what PostgreSQL stores exactly", () => {
    for (const value of [
      "Ali\u202Ecod.exe",
      "Ze\u200Bro\u200Cwi\u200Ddth\uFEFFx",
      "Priya 👩🏽‍💻🚀 Rao",
      "Ze\u0301\u0308\u0327lda",
      "Bell\u0007Esc\u001B",
      "𝕏𝔸𝕄𝕃 \u{10FFFF}",
      "",
    ]) {
      expect(unstorableReason(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("refuses NUL, lone surrogates and the replacement character, each with its own message", () => {
    expect(unstorableReason("Nul\u0000Byte")).toMatch(/NUL character/);
    expect(unstorableReason("Half\uD800Pair")).toMatch(/lone UTF-16 surrogate/);
    expect(unstorableReason("tail\uDC00")).toMatch(/lone UTF-16 surrogate/);
    expect(unstorableReason("B\uFFFD(")).toMatch(/not valid UTF-8/);
  });

  it("names only the fields that cannot be stored", () => {
    expect(unstorableFields({ name: "ok 👍", message: "a\u0000b", count: 3 })).toEqual({
      message: "This field contains a NUL character (U+0000), which cannot be stored. Remove it and send again.",
    });
  });
});

describe("controlCharacter (docs/decisions/0023)", () => {
  it("names the first C0 or C1 control, DEL included; a single line also refuses TAB, CR, LF and the line separators", () => {
    expect(controlCharacter("Bell\u0007Esc\u001B")).toBe("U+0007 bell");
    expect(controlCharacter("\u001b[2J")).toBe("U+001B escape");
    expect(controlCharacter("a\u000bb")).toBe("U+000B vertical tab");
    expect(controlCharacter("a\u000cb")).toBe("U+000C form feed");
    expect(controlCharacter("a\u0085b")).toBe("U+0085 next line");
    expect(controlCharacter("a\u009fb")).toBe("U+009F control character");
    expect(controlCharacter("a\u007fb")).toBe("U+007F delete");
    expect(controlCharacter("a\tb")).toBe("U+0009 tab");
    expect(controlCharacter("a\r\nb")).toBe("U+000D carriage return");
    expect(controlCharacter("a\u2029b")).toBe("U+2029 paragraph separator");
  });

  it("a multi-line text keeps TAB, CR, LF and the line separators, not the other controls", () => {
    expect(controlCharacter("a\r\n\tb\u2028c\u2029", true)).toBeNull();
    expect(controlCharacter("a\r\nb\u000b", true)).toBe("U+000B vertical tab");
    expect(controlCharacter("a\u0085", true)).toBe("U+0085 next line");
  });

  it("RTL overrides, zero-width characters, emoji, combining marks and the astral plane are not controls", () => {
    for (const value of [
      "Ali\u202Ecod.exe",
      "Ze\u200Bro\u200Cwi\u200Ddth\uFEFFx",
      "Priya 👩🏽‍💻🚀 Rao",
      "Ze\u0301\u0308\u0327lda",
      "𝕏𝔸𝕄𝕃 \u{10FFFF}",
      "\u00a0\u00ad",
    ]) {
      expect(controlCharacter(value), JSON.stringify(value)).toBeNull();
    }
  });
});
