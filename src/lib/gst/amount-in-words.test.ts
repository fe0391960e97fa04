import { describe, expect, it } from "vitest";
import { amountInWords, indianNumberInWords } from "./amount-in-words";

describe("amountInWords", () => {
  it("writes rupees and paise in the Indian grouping", () => {
    expect(amountInWords(12_345_678)).toBe("Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only");
  });

  it.each([
    [0, "Rupees Zero Only"],
    [1, "Rupees Zero and One Paise Only"],
    [50, "Rupees Zero and Fifty Paise Only"],
    [100, "Rupees One Only"],
    [1_100, "Rupees Eleven Only"],
    [10_000, "Rupees One Hundred Only"],
    [10_100, "Rupees One Hundred One Only"],
    [99_999, "Rupees Nine Hundred Ninety-Nine and Ninety-Nine Paise Only"],
    [100_000, "Rupees One Thousand Only"],
    [5_900_000, "Rupees Fifty-Nine Thousand Only"], // 50,000 + 18 % GST
    [10_000_000, "Rupees One Lakh Only"],
    [11_800_000, "Rupees One Lakh Eighteen Thousand Only"],
    [1_000_000_000, "Rupees One Crore Only"],
    [1_000_000_001, "Rupees One Crore and One Paise Only"],
    [999_999_999, "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only"],
    [123_456_789_012, "Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Twelve Paise Only"],
  ])("%d paise is %j", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it("writes a count of crores past 99 in the same system", () => {
    expect(indianNumberInWords(12_000_000_000)).toBe("One Thousand Two Hundred Crore");
    expect(indianNumberInWords(1_00_00_00_00_000)).toBe("Ten Thousand Crore");
    expect(indianNumberInWords(1_00_000_00_00_000)).toBe("One Lakh Crore");
  });

  it("says every number from 1 to 99 with a hyphen between tens and ones, and none for the teens", () => {
    expect(indianNumberInWords(21)).toBe("Twenty-One");
    expect(indianNumberInWords(40)).toBe("Forty");
    expect(indianNumberInWords(19)).toBe("Nineteen");
    expect(indianNumberInWords(99)).toBe("Ninety-Nine");
    for (let n = 1; n < 100; n++) expect(indianNumberInWords(n)).toMatch(/^[A-Z][a-z]+(-[A-Z][a-z]+)?$/);
  });

  it("takes whole paise only: a fraction, a negative or an unsafe number is refused", () => {
    expect(() => amountInWords(10.5)).toThrow(/whole paise/);
    expect(() => amountInWords(-1)).toThrow(/whole paise/);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(/whole paise/);
    expect(() => amountInWords(Number.NaN)).toThrow(/whole paise/);
  });
});
