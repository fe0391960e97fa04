import { checkPublicUrl, type UrlRefusal } from "../url-safety";

/**
 * Which link addresses the blog editor accepts (ADR 0038): a path on this site ("/contact",
 * "/blog/x#part"), a mail address, or a public http(s) address checked like every URL field
 * (src/lib/url-safety.ts). The sanitiser checks again on save and on render.
 */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/?#]*$/;
const MAILTO = /^mailto:[^\s@<>"\\]+@[^\s@<>"\\]+\.[^\s@<>"\\]+$/i;

export const LINK_MESSAGES: Record<UrlRefusal | "empty", string> = {
  empty: "Enter the address the link goes to.",
  invalid: "Enter a full address like https://example.com/page, a path like /contact, or mailto:name@example.com.",
  scheme: "Use an https:// address, a path on this site like /contact, or mailto:.",
  form: "This address has spaces, backslashes or a malformed start. Check it and try again.",
  userinfo: "Addresses with a user name or password (user@host) are not allowed.",
  ip: "Use the site's name, not an IP address.",
  local: "This address only works on a private network. Use a public address.",
  host: "This is not a public web address. Check the spelling of the domain.",
  character: "Addresses do not contain quotes, angle brackets (< >), backticks or braces. Check it and try again.",
};

/** The address to store, or the message to show beside the link field. */
export function checkLinkAddress(input: string): { href: string } | { message: string } {
  const value = input.trim();
  if (!value) return { message: LINK_MESSAGES.empty };
  if (value.startsWith("/")) return SITE_PATH.test(value) ? { href: value } : { message: LINK_MESSAGES.form };
  if (/^mailto:/i.test(value)) return MAILTO.test(value) ? { href: value } : { message: LINK_MESSAGES.invalid };
  const checked = checkPublicUrl(value);
  return "url" in checked ? { href: checked.url } : { message: LINK_MESSAGES[checked.refusal] };
}

export const isAllowedLink = (value: string): boolean => "href" in checkLinkAddress(value);
