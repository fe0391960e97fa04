import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentProviderError, razorpayProvider } from "@/server/billing/payment-provider";
import { parseEnv } from "@/server/kernel/env";
import { startFakeRazorpay, type FakeRazorpay } from "./helpers/fake-razorpay";

// Payment links through Razorpay's REST API (docs/decisions/0109), against a local fake of the API
// on 127.0.0.1: no test reaches the network.

const KEYS = { keyId: "rzp_test_Kinetic0001", keySecret: "fakeSecretFor0109Tests" };
let fake: FakeRazorpay;

beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const request = {
  reference: "INV/26-27/00007",
  amountPaise: 4_720_000,
  description: "Tax invoice INV/26-27/00007",
  customer: { name: "Rangoli Foods Private Limited", email: "accounts@rangoli.example" },
  callbackUrl: "https://kinetic.example/paid",
};

describe("the Razorpay provider", () => {
  it("creates a link: POST /v1/payment_links with the keys as basic auth, the amount in paise, INR and the invoice's number as reference_id", async () => {
    const link = await razorpayProvider({ ...KEYS, apiBase: fake.base }).createLink(request);
    expect(link).toEqual({ id: "plink_Fake0000000001", url: "https://rzp.io/i/fake1" });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/payment_links", contentType: "application/json" });
    expect(sent!.authorization).toBe(`Basic ${Buffer.from("rzp_test_Kinetic0001:fakeSecretFor0109Tests").toString("base64")}`);
    expect(sent!.body).toEqual({
      amount: 4_720_000,
      currency: "INR",
      accept_partial: false,
      reference_id: "INV/26-27/00007",
      description: "Tax invoice INV/26-27/00007",
      customer: { name: "Rangoli Foods Private Limited", email: "accounts@rangoli.example" },
      notify: { email: true, sms: false },
      reminder_enable: true,
      callback_url: "https://kinetic.example/paid",
      callback_method: "get",
    });
  });

  it("turns wrong keys into a sentence naming the variables, never the secret", async () => {
    const error = await razorpayProvider({ keyId: KEYS.keyId, keySecret: "wrongSecret999", apiBase: fake.base })
      .createLink(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(401);
    expect((error as Error).message).toBe("Razorpay refused the API keys (401): check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.");
    expect((error as Error).message).not.toContain("wrongSecret999");
  });

  it("turns an API error into a clear message carrying Razorpay's description", async () => {
    fake.failNext(400, "reference_id already exists");
    await expect(razorpayProvider({ ...KEYS, apiBase: fake.base }).createLink(request)).rejects.toThrow(
      new PaymentProviderError("Razorpay refused the payment link: reference_id already exists", 400),
    );
    fake.failNext(502, "<html>Bad gateway</html>", true);
    await expect(razorpayProvider({ ...KEYS, apiBase: fake.base }).createLink(request)).rejects.toThrow("Razorpay refused the payment link: HTTP 502");
  });

  it("says so when Razorpay cannot be reached or does not answer in time", async () => {
    const closed = await startFakeRazorpay(KEYS);
    await closed.close();
    await expect(razorpayProvider({ ...KEYS, apiBase: closed.base }).createLink(request)).rejects.toThrow(
      "Razorpay could not be reached; no payment link was made.",
    );
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error)));
    await expect(razorpayProvider({ ...KEYS, apiBase: fake.base, fetch: hanging, timeoutMs: 20 }).createLink(request)).rejects.toThrow(
      "did not answer in time",
    );
  });

  it("refuses an amount that is not whole paise of at least a rupee before asking Razorpay", async () => {
    for (const amountPaise of [0, 99, 10.5, -100]) {
      await expect(razorpayProvider({ ...KEYS, apiBase: fake.base }).createLink({ ...request, amountPaise })).rejects.toThrow(/whole number of paise/);
    }
    expect(fake.requests).toEqual([]);
  });

  it("leaves notify off without an address to mail", async () => {
    await razorpayProvider({ ...KEYS, apiBase: fake.base }).createLink({ ...request, customer: { name: "Walk-in client" }, callbackUrl: null });
    expect(fake.requests[0]!.body).toMatchObject({ customer: { name: "Walk-in client" }, notify: { email: false, sms: false } });
    expect(fake.requests[0]!.body).not.toHaveProperty("callback_url");
  });
});

describe("the Razorpay settings", () => {
  it("are optional together, refused half set, and a bad secret is named without its value", () => {
    expect(parseEnv({}).RAZORPAY_KEY_ID).toBeUndefined();
    expect(parseEnv({ RAZORPAY_KEY_ID: KEYS.keyId, RAZORPAY_KEY_SECRET: KEYS.keySecret })).toMatchObject({ RAZORPAY_KEY_ID: KEYS.keyId });
    expect(() => parseEnv({ RAZORPAY_KEY_ID: KEYS.keyId })).toThrow(/RAZORPAY_KEY_ID is set but RAZORPAY_KEY_SECRET is not/);
    let message = "";
    try {
      parseEnv({ RAZORPAY_KEY_SECRET: KEYS.keySecret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/RAZORPAY_KEY_SECRET is set but RAZORPAY_KEY_ID is not.*its value is not shown/);
    expect(message).not.toContain(KEYS.keySecret);
    expect(() => parseEnv({ RAZORPAY_WEBHOOK_SECRET: "short" })).toThrow(/RAZORPAY_WEBHOOK_SECRET .* \(its value is not shown\)$/);
  });
});
