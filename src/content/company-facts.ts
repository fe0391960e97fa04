import { CALL_MINUTES } from "@/lib/booking";

/**
 * The agency's public figures, each kept once (docs/decisions/0083): every page, mail and
 * structured-data block that states one reads it from here, and tests/public-facts.test.ts fails
 * when a public page states another value. Edit a figure here and it changes everywhere.
 */
export const COMPANY_FACTS = {
  /** Client projects delivered. */
  projects: "500+",
  /** Businesses the agency has helped grow (clients), the one count of clients. */
  businesses: "150+",
  /** Revenue generated for clients. */
  revenue: "₹100 Cr+",
  satisfaction: "98%",
  retention: "95%",
  /** The review rating (out of 5) and the number of reviews behind it. */
  rating: { value: 4.9, count: 50 },
  /** When every enquiry and audit gets its answer. */
  replyHours: 72,
  /** The strategy call's length, the free audit's and /book's alike: the booking's own slot length. */
  callMinutes: CALL_MINUTES,
} as const;

/** "4.9", as every page shows the rating. */
export const ratingText = COMPANY_FACTS.rating.value.toFixed(1);
/** "30-minute", as copy names the strategy call. */
export const callLength = `${COMPANY_FACTS.callMinutes}-minute`;
/** "within 72 hours". */
export const replyPromise = `within ${COMPANY_FACTS.replyHours} hours`;
