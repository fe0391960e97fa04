// The end-to-end server's Razorpay (playwright.config.ts): the local stand-in of its Payment Links
// API that the unit tests use, on a port of its own, so that no test reaches the network.
import { startFakeRazorpay } from "../tests/helpers/fake-razorpay.ts";

const port = Number(process.env.FAKE_RAZORPAY_PORT);
const keyId = process.env.RAZORPAY_KEY_ID ?? "";
const keySecret = process.env.RAZORPAY_KEY_SECRET ?? "";
const fake = await startFakeRazorpay({ keyId, keySecret }, port);
console.log(`fake Razorpay on ${fake.base}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
