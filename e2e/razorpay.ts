/** The e2e server's Razorpay settings (playwright.config.ts): test keys and a local fake of the API. */
export const E2E_RAZORPAY = {
  keyId: "rzp_test_e2eKey0001",
  keySecret: "e2eKeySecret0000000000001",
  webhookSecret: "e2eWebhookSecret00000001",
};
