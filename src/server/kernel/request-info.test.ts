import { describe, expect, it } from "vitest";
import { ipFromHeaders, isLoopbackAddress } from "./request-info";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("%s is this machine", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(["198.18.0.1", "10.0.0.1", "::ffff:192.0.2.1", "2001:db8::1", "127.0.0.1.example.com", "unknown", ""])("%j is not", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });

  it("reads the last X-Forwarded-For entry: the one the server or its proxy wrote", () => {
    expect(isLoopbackAddress(ipFromHeaders(new Headers({ "x-forwarded-for": "127.0.0.1, 203.0.113.7" })))).toBe(false);
    expect(isLoopbackAddress(ipFromHeaders(new Headers({ "x-forwarded-for": "203.0.113.7, 127.0.0.1" })))).toBe(true);
  });
});
