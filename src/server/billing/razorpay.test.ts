import { describe, expect, it } from "vitest";
import { readRazorpayEvent, verifyRazorpaySignature } from "./razorpay";

// The signature below was computed apart from this code, with
// printf '%s' "$BODY" | openssl dgst -sha256 -hmac 'kinetic-webhook-secret'.
const BODY = Buffer.from('{"entity":"event","event":"payment_link.paid"}', "utf8");
const SECRET = "kinetic-webhook-secret";
const SIGNATURE = "3e5504367d11bcea5c40a112615846cac3df912c74237c59969e328663c8a6ba";

describe("verifyRazorpaySignature", () => {
  it("accepts the hex HMAC-SHA256 of the raw body under the secret", () => {
    expect(verifyRazorpaySignature(BODY, SIGNATURE, SECRET)).toBe(true);
    expect(verifyRazorpaySignature(BODY, SIGNATURE.toUpperCase(), SECRET)).toBe(true);
  });

  it("refuses a body changed by one byte, even a space added outside the JSON's values", () => {
    expect(verifyRazorpaySignature(Buffer.from('{"entity":"event","event":"payment_link.paiD"}'), SIGNATURE, SECRET)).toBe(false);
    expect(verifyRazorpaySignature(Buffer.from('{"entity": "event","event":"payment_link.paid"}'), SIGNATURE, SECRET)).toBe(false);
  });

  it("refuses another secret's signature, and any signature under an empty secret", () => {
    expect(verifyRazorpaySignature(BODY, SIGNATURE, "another-secret")).toBe(false);
    expect(verifyRazorpaySignature(BODY, SIGNATURE, "")).toBe(false);
  });

  it("refuses a signature of the wrong length or form without throwing", () => {
    for (const signature of ["", SIGNATURE.slice(0, 63), `${SIGNATURE}0`, `${SIGNATURE}${SIGNATURE}`, "not hex at all", "é".repeat(32), undefined as never]) {
      expect(() => verifyRazorpaySignature(BODY, signature, SECRET)).not.toThrow();
      expect(verifyRazorpaySignature(BODY, signature, SECRET)).toBe(false);
    }
  });
});

describe("readRazorpayEvent", () => {
  it("reads a payment link's reference_id as the invoice, its amount_paid in paise, and the event's time", () => {
    const notice = readRazorpayEvent({
      entity: "event",
      event: "payment_link.paid",
      created_at: 1_796_040_000,
      payload: {
        payment_link: {
          entity: { id: "plink_Q1", reference_id: "INV/26-27/00007", amount: 5_900_000, amount_paid: 5_900_000, currency: "INR", status: "paid" },
        },
        payment: { entity: { id: "pay_Q1", amount: 5_900_000, currency: "INR", status: "captured" } },
      },
    });
    expect(notice).toEqual({
      eventType: "payment_link.paid",
      invoiceNumber: "INV/26-27/00007",
      paymentId: "pay_Q1",
      linkId: "plink_Q1",
      amountPaise: 5_900_000,
      currency: "INR",
      at: new Date(1_796_040_000_000),
    });
  });

  it("reads a captured payment's invoice from its notes", () => {
    const notice = readRazorpayEvent({
      event: "payment.captured",
      payload: { payment: { entity: { id: "pay_Q2", amount: 118_000, currency: "INR", notes: { invoice_number: "INV/26-27/00008" } } } },
    });
    expect(notice).toMatchObject({ eventType: "payment.captured", invoiceNumber: "INV/26-27/00008", paymentId: "pay_Q2", amountPaise: 118_000, at: null });
  });

  it("reads nothing it cannot trust from a malformed body", () => {
    for (const body of [null, "text", 42, [], { event: 1, payload: { payment: { entity: { amount: -5, id: 7 } } } }]) {
      expect(readRazorpayEvent(body)).toMatchObject({ invoiceNumber: null, paymentId: null, amountPaise: null });
    }
    expect(readRazorpayEvent({ event: "payment.captured", payload: { payment: { entity: { amount: 10.5 } } } }).amountPaise).toBeNull();
  });
});
