// The SEO operations feature's public entry: what boot starts (the link checker's job on the queue)
// and the timed jobs (its daily check), docs/decisions/0098.
export { linkCheckJob, linkCheckTick } from "./data/link-checks";
