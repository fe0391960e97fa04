/**
 * What an API key may do (docs/decisions/0059): read or write the published content (posts, case
 * studies, testimonials), read or write the lead desk's inbox (leads, contact messages). Safe in the
 * browser: the API keys screen offers them as checkboxes, the database checks them.
 */
export const API_SCOPES = ["content:read", "content:write", "leads:read", "leads:write"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "content:read": "Read posts, case studies and testimonials",
  "content:write": "Create and change posts, case studies and testimonials",
  "leads:read": "Read leads and contact messages",
  "leads:write": "Create and change leads and contact messages",
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs) and easy to tell from other tokens. */
export const API_KEY_PREFIX = "kg_live_";
/** The prefix and 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^kg_live_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key the list shows, so staff can tell keys apart. */
export const API_KEY_SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;
export const API_KEY_NAME_MAX = 100;
