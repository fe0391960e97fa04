import { replyPromise } from "@/content/company-facts";

/** What the public forms say (toast title and text) on success and on failure. */
export const FREE_AUDIT_SUCCESS = {
  title: "Audit Request Submitted!",
  message: `We'll analyze your website and send you 3 custom growth ideas ${replyPromise}.`,
};
/** A call request from /book when no time is free (docs/decisions/0085): stored as an audit lead, said as a call. */
export const CALL_REQUEST_SUCCESS = {
  title: "Call Request Sent!",
  message: `A growth strategist will call you ${replyPromise} to agree a time.`,
};

export const CONTACT_SUCCESS = {
  title: "Message Sent!",
  message: `We'll get back to you ${replyPromise} with a custom growth strategy.`,
};
export const FORM_FAILURE = { title: "Error", message: "Something went wrong. Please try again." };
