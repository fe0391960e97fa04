/**
 * What the writing room's side panel may ask of the content field, whichever editor shows it (the
 * visual editor or the HTML source): its "Internal links" wrap the writer's selection in a link.
 */
export interface EditorHandle {
  /** Wraps the current selection in a link to `href`: the text now linked, or null when nothing is selected. */
  linkSelection(href: string): { text: string } | null;
}

export const NO_SELECTION_MESSAGE = "Select text in the article first.";

/** An attribute's value in HTML source: quotes and angle brackets written as entities. */
export function attributeValue(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
