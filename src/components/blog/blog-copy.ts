/**
 * Fixed words of the blog pages (the listing and the article). Kept apart from the markup
 * like the rest of the site's copy; candidates for src/content once that folder takes blog copy.
 */
export const blogCopy = {
  hero: {
    eyebrow: "Blog",
    title: "Digital Marketing Blog",
    tagline: "Expert insights and actionable tips on SEO, paid ads, conversion and retention to help your D2C or eCommerce brand grow faster.",
  },
  listingDescription: "Expert insights and actionable tips on SEO, paid ads, CRO, WhatsApp automation and retention for D2C and eCommerce brands.",
  listingKeywords: ["digital marketing blog", "growth marketing", "D2C marketing", "eCommerce growth"],
  edition: (count: number) => (count === 1 ? "1 article" : `${count} articles`),
  latest: "latest",
  featuredHeading: "Featured Articles",
  featuredBadge: "Featured",
  searchPlaceholder: "Search articles...",
  searchLabel: "Search articles",
  allTopics: "All Topics",
  allArticles: "All Articles",
  taggedHeading: (tag: string) => `Articles tagged "${tag}"`,
  noMatches: "No articles found matching your criteria.",
  noPosts: "No articles published yet.",
  readMore: "Read More",
  article: {
    back: "Back to Blog",
    writtenBy: (author: string) => `Written by ${author}`,
    lastUpdated: "Last updated on",
    onThisPage: "On This Page",
    share: "Share this article",
    relatedTopics: "Related Topics",
    aboutAuthor: (author: string) => `About ${author}`,
    authorBio:
      "Our team of growth marketers works with D2C, eCommerce and startup brands across India on SEO, paid advertising, conversion rate optimisation, WhatsApp automation and retention. We write about what we test and measure for our clients, so that you can put it to work in your own business.",
    cta: {
      title: "Ready to Grow Your Business?",
      text: "Get a free growth audit and discover opportunities to scale your revenue.",
      button: "Get Your Free Audit",
      href: "/free-audit",
    },
    relatedArticles: "Related Articles",
  },
  feedTitle: (site: string) => `${site} Blog`,
  feedLinkTitle: "Digital Marketing Blog (RSS)",
  feedDescription: "Growth marketing insights for D2C, eCommerce and startup brands: SEO, paid ads, CRO, WhatsApp automation and retention.",
} as const;
