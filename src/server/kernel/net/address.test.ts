import { describe, expect, it } from "vitest";
import { checkWebhookUrl, refusedAddress, resolveTarget } from "./address";

// The send-time rule (docs/decisions/0058): which resolved addresses a webhook may not be sent to,
// in every spelling a resolver or an attacker's DNS can give.

describe("refusedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "0.0.0.0",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.100.100.200",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::1",
    "2001:db8::1",
    "2001::1",
    "::127.0.0.1",
  ])("refuses %s", (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows the public address %s", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it("refuses what is not an address at all", () => {
    expect(refusedAddress("hooks.example.com")).not.toBeNull();
    expect(refusedAddress("")).not.toBeNull();
  });
});

describe("resolveTarget", () => {
  it("refuses a name resolving only to private addresses, and IP literals in any bracket form, unless private targets are allowed", async () => {
    const resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    await expect(resolveTarget("rebound.example.com", { resolver, allowPrivate: false })).rejects.toThrow(
      /^refused: rebound\.example\.com resolves to 127\.0\.0\.1/,
    );
    await expect(resolveTarget("[::1]", { allowPrivate: false })).rejects.toThrow(/refused/);
    await expect(resolveTarget("169.254.169.254", { allowPrivate: false })).rejects.toThrow(/refused/);
    await expect(resolveTarget("nothing.example.com", { resolver: async () => [], allowPrivate: false })).rejects.toThrow(/refused/);
    expect(await resolveTarget("rebound.example.com", { resolver, allowPrivate: true })).toEqual([{ address: "127.0.0.1", family: 4 }]);
  });
});

describe("checkWebhookUrl (when the address is saved)", () => {
  it("takes an https address on a public name, and refuses http, IP addresses and local names unless private targets are allowed", () => {
    expect(checkWebhookUrl("https://hooks.example.com/in", "standard", { allowPrivate: false })).toEqual({ url: "https://hooks.example.com/in" });
    for (const url of [
      "http://hooks.example.com/in",
      "https://127.0.0.1/in",
      "https://[::1]/in",
      "https://169.254.169.254/",
      "https://localhost/in",
      "https://hooks.example.com/#x",
    ]) {
      expect(checkWebhookUrl(url, "standard", { allowPrivate: false }), url).toHaveProperty("message");
    }
    expect(checkWebhookUrl("http://127.0.0.1:4000/in", "standard", { allowPrivate: true })).toEqual({ url: "http://127.0.0.1:4000/in" });
    expect(checkWebhookUrl("http://localhost:4000/in", "standard", { allowPrivate: true })).toEqual({ url: "http://localhost:4000/in" });
    // The allowance lifts the private-address rule only: a user name is still refused.
    expect(checkWebhookUrl("http://a:b@127.0.0.1/in", "standard", { allowPrivate: true })).toHaveProperty("message");
  });
});
