import type { ReactNode } from "react";

/**
 * A part of a settings screen (the account, the team, the API keys, the integrations): a section named
 * by its heading, so a screen reader's list of landmarks and headings reads the screen's parts.
 */
export function PanelSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
