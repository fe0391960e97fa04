import { describe, expect, it } from "vitest";
import { declaredStatus, declaresNotFound } from "./page-status";

describe("declaredStatus", () => {
  it("reads the mark in the head only, as React writes it", () => {
    expect(declaredStatus('<html><head><meta name="page-status" content="404"/></head><body></body></html>')).toBe(404);
    expect(declaredStatus('<html><head><meta name="page-status" content="403"/></head><body></body></html>')).toBe(403);
    expect(declaresNotFound('<html><head><meta name="page-status" content="404"/></head><body></body></html>')).toBe(true);
    expect(declaredStatus("<html><head><title>x</title></head><body></body></html>")).toBeNull();
    expect(declaredStatus('<html><head><meta name="page-status" content="500"/></head></html>')).toBe(500);
    expect(declaredStatus('<html><head><meta name="page-status" content="502"/></head></html>')).toBeNull();
    // Text in the body (an article quoting the element) does not make a page an error page.
    expect(
      declaredStatus('<html><head></head><body>&lt;meta name="page-status" content="404"/&gt;<meta name="page-status" content="404"/></body></html>'),
    ).toBeNull();
    expect(declaredStatus('<meta name="page-status" content="404"/>')).toBeNull();
  });
});
