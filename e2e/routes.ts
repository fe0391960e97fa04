/** Every public route (docs/product.md) with a word its title must carry. */
export const PUBLIC_ROUTES: { path: string; title: RegExp }[] = [
  { path: "/", title: /Growth Marketing Agency/ },
  { path: "/about", title: /About Us/ },
  { path: "/services", title: /Growth Marketing Services/ },
  { path: "/services/seo-optimization", title: /SEO/ },
  { path: "/services/paid-advertising", title: /Paid Advertising/ },
  { path: "/services/growth-consulting", title: /Growth Consulting/ },
  { path: "/services/conversion-optimization", title: /Conversion/ },
  { path: "/services/whatsapp-automation", title: /WhatsApp/ },
  { path: "/services/retention-marketing", title: /Retention/ },
  { path: "/case-studies", title: /Case Studies/ },
  { path: "/free-audit", title: /Free Growth Audit/ },
  { path: "/contact", title: /Contact/ },
  { path: "/blog", title: /Blog/ },
  { path: "/privacy", title: /Privacy/ },
  { path: "/terms", title: /Terms/ },
  { path: "/refund", title: /Refund/ },
];

export const APP_ROUTES: { path: string; title: RegExp }[] = [
  { path: "/auth", title: /Sign In/ },
  // Without a session the dashboard sends the visitor to sign in.
  { path: "/admin", title: /Sign In/ },
  { path: "/auth/forgot-password", title: /Forgot Password/ },
  { path: "/auth/two-factor", title: /Two-Factor/ },
  { path: "/admin/security", title: /Sign In/ },
];
