import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/internal/revalidate-blog/route";
import { internalToken } from "@/server/kernel/bridge.ts";

const call = (token?: string) =>
  POST(
    new Request("http://127.0.0.1/api/internal/revalidate-blog", {
      method: "POST",
      headers: token === undefined ? {} : { "x-internal-token": token },
      body: "{}",
    }),
  );

describe("/api/internal/revalidate-blog", () => {
  it("answers 404 to a caller without this process's secret", async () => {
    const secret = internalToken();
    expect(secret.length).toBeGreaterThanOrEqual(64);
    for (const token of [
      undefined,
      "",
      "guess",
      secret.slice(0, -1),
      `${secret}x`,
      secret.toUpperCase() === secret ? "x".repeat(secret.length) : secret.toUpperCase(),
    ]) {
      expect((await call(token)).status).toBe(404);
    }
  });

  it("keeps one secret per process", () => {
    expect(internalToken()).toBe(internalToken());
  });
});
