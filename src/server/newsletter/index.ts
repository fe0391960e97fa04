// The newsletter feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { pruneEventsSeen } from "./data/newsletter-events";
export { eraseSubscriberIn, subscriberSendRows } from "./data/newsletter-subscribers";
export { newsletterCopiesJob, newsletterStartJob } from "./job";
export { pendingSubscriberExpiryJob, subscribe } from "./subscribe";
