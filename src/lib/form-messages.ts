/** What the public forms say (toast title and text) on success and on failure. */
export const FREE_AUDIT_SUCCESS = {
  title: "Audit Request Submitted!",
  message: "We'll analyze your website and send you 3 custom growth ideas within 72 hours.",
};
export const CONTACT_SUCCESS = {
  title: "Message Sent!",
  message: "We'll get back to you within 72 hours with a custom growth strategy.",
};
export const FORM_FAILURE = { title: "Error", message: "Something went wrong. Please try again." };
