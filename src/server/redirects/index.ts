// The redirects feature's public entry (docs/decisions/0091): what the content feature calls when
// a post's address changes, and what the app hands the host at boot.
export { loadRedirectRules, recordRedirectHits, redirectMovedPage, releaseAddress } from "./data/redirects";
