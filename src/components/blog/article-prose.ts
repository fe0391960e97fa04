/** Typography for sanitised article HTML (only the allow-listed elements need styling). */
export const ARTICLE_PROSE = [
  // A long unbroken word (a campaign name with underscores, an address) wraps instead of widening the page on a phone.
  "text-[1.0625rem] leading-relaxed text-ink-soft [overflow-wrap:anywhere]",
  "[&_p]:mt-5 [&_p:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink md:[&_h2]:text-3xl",
  "[&_h3]:mt-9 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink",
  "[&_h4]:mt-7 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-ink",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800",
  "[&_strong]:font-semibold [&_strong]:text-ink [&_b]:font-semibold [&_b]:text-ink",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-brand-500",
  "[&_blockquote]:mt-6 [&_blockquote]:rounded-r-xl [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-4 [&_blockquote]:text-ink [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-brand-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_code]:text-brand-900",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-brand-950 [&_pre]:p-5 [&_pre]:text-sm [&_pre]:text-brand-50 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_hr]:my-10 [&_hr]:border-line",
  "[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_figure]:mt-6 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-muted",
  "[&_table]:mt-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-left [&_table]:text-sm",
  "[&_th]:border-b-2 [&_th]:border-line [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-ink",
  "[&_td]:border-b [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_caption]:pb-2 [&_caption]:text-muted",
].join(" ");
