// The redirects feature's public entry (docs/decisions/0091, 0097): what the content feature calls
// when a post's address changes, and what the app hands the host at boot (the redirect table, and the
// 404 monitor's writer) and the timed jobs.
export { loadRedirectRules, recordRedirectHits, redirectMovedPage, releaseAddress } from "./data/redirects";
export { notFoundJob, recordNotFoundHits } from "./data/not-found";
