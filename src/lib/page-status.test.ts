import { describe, expect, it } from "vitest";
import { declaresNotFound } from "./page-status";

describe("declaresNotFound", () => {
  it("reads the mark in the head only, as React writes it", () => {
    expect(declaresNotFound('<html><head><meta name="page-status" content="404"/></head><body></body></html>')).toBe(true);
    expect(declaresNotFound("<html><head><title>x</title></head><body></body></html>")).toBe(false);
    // Text in the body (an article quoting the element) does not make a page a 404.
    expect(
      declaresNotFound('<html><head></head><body>&lt;meta name="page-status" content="404"/&gt;<meta name="page-status" content="404"/></body></html>'),
    ).toBe(false);
    expect(declaresNotFound('<meta name="page-status" content="404"/>')).toBe(false);
  });
});
