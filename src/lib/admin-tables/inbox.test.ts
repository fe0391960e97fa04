import { describe, expect, it } from "vitest";
import { senderLine } from "./inbox";

describe("senderLine", () => {
  it("makes the address a mail link and the number a tap-to-call link", () => {
    expect(senderLine({ email: "asha@brand.test", mobileNumber: "+91 98765 43210" })).toEqual([
      { mailto: "asha@brand.test" },
      " · ",
      { tel: "+91 98765 43210" },
    ]);
  });
});
