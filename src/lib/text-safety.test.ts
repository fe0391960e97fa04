import { describe, expect, it } from "vitest";
import { unstorableFields, unstorableReason } from "./text-safety";

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
