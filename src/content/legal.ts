/**
 * Static text of the legal pages (/privacy, /terms, /refund).
 * Strings may contain the placeholders "{email}" and "{phone}", which the page
 * replaces with the configured contact e-mail and phone number.
 */

export type LegalSlug = "privacy" | "terms" | "refund";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  slug: LegalSlug;
  title: string;
  /** Meta description */
  description: string;
  /** ISO date (YYYY-MM-DD) */
  effectiveDate: string;
  intro: string;
  sections: LegalSection[];
}

export const LEGAL_EFFECTIVE_DATE = "2026-01-15";

export const privacyPolicy: LegalDocument = {
  slug: "privacy",
  title: "Privacy Policy",
  description: "How Kinetic Growth collects, uses, shares and protects the personal information you give us, and the rights you have over it.",
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro:
    'Kinetic Growth ("we", "us", "our") respects your privacy. This policy explains what personal information we collect when you use our website or request our services, how we use it and the choices you have.',
  sections: [
    {
      heading: "Information We Collect",
      paragraphs: [
        "We collect the information you give us when you request a free growth audit, send us a message, book a call or otherwise contact us. This may include:",
      ],
      list: [
        "Name",
        "Email address",
        "Phone number",
        "Company name",
        "Website URL",
        "Business details you choose to share, such as monthly revenue and growth challenges",
      ],
    },
    {
      heading: "How We Use Information",
      paragraphs: ["We use your information only for legitimate business purposes, including to:"],
      list: [
        "Prepare and deliver your free growth audit",
        "Respond to your enquiries and provide the services you request",
        "Send proposals, updates and relevant marketing communication, which you can opt out of at any time",
        "Improve our website, services and client experience",
        "Meet our legal and regulatory obligations",
      ],
    },
    {
      heading: "Information Sharing",
      paragraphs: [
        "We do not sell or rent your personal information. We share it only with trusted service providers who help us run our business, such as hosting, email and analytics providers, and only to the extent they need it to perform their services for us.",
        "We may also disclose information where required by law, to protect our legal rights, or as part of a business transfer such as a merger or acquisition.",
      ],
    },
    {
      heading: "Data Security",
      paragraphs: [
        "We use reasonable technical and organisational measures to protect your information, including encrypted connections, access controls and secure hosting. No method of transmission or storage is completely secure, but we work to protect your data and review our safeguards regularly.",
      ],
    },
    {
      heading: "Your Rights",
      paragraphs: ["Subject to applicable law, including India's Digital Personal Data Protection Act, 2023, you have the right to:"],
      list: [
        "Access the personal information we hold about you",
        "Request correction or deletion of your information",
        "Opt out of marketing communication at any time",
        "Request a copy of your data in a portable format",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "Our website uses cookies and similar technologies to keep the site working, understand how visitors use it and measure the performance of our marketing. You can control or delete cookies through your browser settings; disabling some cookies may affect how the site works.",
      ],
    },
    {
      // The site's own counter (docs/analytics.md says the same for the engineers): no cookie, so it
      // works before and without a choice on the cookie bar.
      heading: "Our Own Visit Counts",
      paragraphs: [
        "Our server counts the pages it sends, without a cookie and without any script in the page. For each page we keep its address on our site, the site you came from, the campaign tags in the link you followed, whether you use a phone, tablet or computer, your browser's name, your country if our network provider tells us, the time, and a visitor code for that day.",
        "The visitor code mixes your internet address and your browser's description with a random secret that changes every day; we keep only the result, never your address or your browser's description. The secret is deleted when the day is over, so nobody, not even us, can tell afterwards which code was yours, and we cannot follow you from one day to the next. If you send us a form, that day's code is stored with it so that we can see which pages led to it.",
        "We do not count browsers that send Do Not Track or Global Privacy Control, search engines and other bots, or our own team. Each page view is kept for 90 days; after that only daily totals remain.",
      ],
    },
    {
      // A/B experiments (docs/decisions/0107): which visitor sees which version, and what is kept.
      heading: "Testing Versions of Our Pages",
      paragraphs: [
        "Sometimes we show visitors one of two or more versions of a page, for example a different headline, to learn which one helps people more. Our server chooses the version before it sends the page; there is no script for it. Without your consent it chooses from that day's visitor code, so you see the same version all day; we store which version each counted page showed, with that code.",
        "If you accept cookies on our cookie bar, we also set a cookie named kg_exp holding a random number and nothing else, kept for a year, so that you keep seeing the same version on later days. It is used for nothing else; you can delete it at any time. Visitors who send Do Not Track or Global Privacy Control, bots and our own team always see the usual page and are not counted.",
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        "We may update this policy from time to time. When we do, we will post the revised version on this page with a new date. Please review it periodically.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["If you have questions about this policy or wish to exercise your rights, please contact us:"],
      list: ["Email: {email}", "Phone: {phone}", "Address: Mumbai, India"],
    },
  ],
};

export const termsOfService: LegalDocument = {
  slug: "terms",
  title: "Terms of Service",
  description: "The terms that govern use of the Kinetic Growth website and the growth marketing services we provide.",
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro: "These Terms of Service govern your use of the Kinetic Growth website and any services we provide. Please read them carefully.",
  sections: [
    {
      heading: "Acceptance of Terms",
      paragraphs: [
        "By accessing our website or engaging our services, you agree to be bound by these terms. If you do not agree, please do not use our website or services.",
      ],
    },
    {
      heading: "Services",
      paragraphs: [
        "Kinetic Growth provides growth marketing services, including SEO, paid advertising, growth consulting, conversion rate optimisation, WhatsApp automation and retention marketing. The exact scope, deliverables and timelines of each engagement are set out in a separate proposal or service agreement.",
      ],
    },
    {
      heading: "Service Agreements",
      paragraphs: [
        "Each engagement is governed by a written proposal or service agreement signed by both parties. If that agreement conflicts with these terms, the agreement takes precedence for that engagement. Changes to scope must be agreed in writing and may affect fees and timelines.",
      ],
    },
    {
      heading: "Client Responsibilities",
      paragraphs: ["To help us deliver results, you agree to:"],
      list: [
        "Provide accurate information and timely access to accounts, data and assets we need",
        "Review and approve deliverables within agreed timeframes",
        "Ensure that any content or materials you supply do not infringe third-party rights",
        "Pay advertising platform costs and third-party tool fees unless otherwise agreed",
      ],
    },
    {
      heading: "Payment Terms",
      paragraphs: [
        "Fees are set out in your proposal or service agreement. Invoices are due within 30 days of the invoice date unless otherwise agreed in writing. Monthly retainers are billed in advance. We may pause work on accounts with overdue invoices. All fees are exclusive of applicable taxes, including GST.",
      ],
    },
    {
      heading: "Intellectual Property",
      paragraphs: [
        "Once paid for in full, deliverables created specifically for you, such as ad creatives, content and reports, belong to you. We retain ownership of our pre-existing tools, templates, methods and know-how, and may reference the work in our portfolio unless you ask us not to.",
      ],
    },
    {
      heading: "Confidentiality",
      paragraphs: [
        "Both parties agree to keep confidential any non-public business, technical or financial information shared during the engagement, and to use it only for the purposes of the engagement. This obligation continues after the engagement ends.",
      ],
    },
    {
      heading: "Limitation of Liability",
      paragraphs: [
        "Marketing results depend on many factors outside our control, so we do not guarantee specific outcomes except where expressly stated. To the fullest extent permitted by law, our total liability for any claim is capped at the fees you paid us in the last 12 months, and we are not liable for indirect or consequential losses, including lost profits.",
      ],
    },
    {
      heading: "Termination",
      paragraphs: [
        "Either party may terminate an engagement with 30 days' written notice. Fees for work performed up to the termination date remain payable. Either party may terminate immediately if the other materially breaches these terms and does not remedy the breach within a reasonable time.",
      ],
    },
    {
      heading: "Governing Law",
      paragraphs: [
        "These terms are governed by the laws of India. Any dispute arising from them will be resolved by arbitration in Mumbai, India, under the Arbitration and Conciliation Act, 1996, and subject to that, the courts of Mumbai shall have exclusive jurisdiction.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["For questions about these terms, please contact us:"],
      list: ["Email: {email}", "Phone: {phone}", "Address: Mumbai, India"],
    },
  ],
};

export const refundPolicy: LegalDocument = {
  slug: "refund",
  title: "Refund Policy",
  description:
    "Kinetic Growth's cancellation and refund terms, including service-specific terms, our 90-day performance guarantee and how to request a refund.",
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  intro:
    "We want every client to be confident working with us. This policy explains when refunds are available, how cancellations work and how to raise a request.",
  sections: [
    {
      heading: "General Policy",
      paragraphs: [
        "Our services are provided on monthly retainers or fixed-fee projects as set out in your service agreement. You may cancel an ongoing service by giving 30-day cancellation notice in writing. Fees for the notice period and for work already completed remain payable.",
      ],
    },
    {
      heading: "Service-Specific Terms",
      paragraphs: ["The following terms apply to specific services:"],
      list: [
        "Monthly retainers (SEO, paid advertising, retention marketing, CRO programmes and growth partnerships): the first month is non-refundable after 7 days from the start date. Later months may be cancelled with 30 days' notice.",
        "Paid advertising: ad spend paid to advertising platforms is non-refundable once spent, as it is billed by the platforms directly.",
        "Projects (growth consulting sprints and strategies, CRO audits): a 50% refund is available within the first 7 days of a project if no work has begun.",
        "WhatsApp automation: setup fees cover account verification and build work and are non-refundable once setup has started.",
        "Consultation and strategy calls: cancellations must be made at least 24 hours in advance to be rescheduled or refunded.",
      ],
    },
    {
      heading: "Refund Circumstances",
      paragraphs: ["Refunds may be considered where:"],
      list: [
        "We are unable to start or deliver the agreed services",
        "Services were billed in error or charged twice",
        "A project is cancelled within the first 7 days and no work has begun",
        "You qualify under our Performance Guarantee",
      ],
    },
    {
      heading: "Non-Refundable Items",
      paragraphs: ["The following are not refundable:"],
      list: [
        "Advertising spend paid to third-party platforms",
        "Third-party software, tool and subscription fees",
        "Setup fees once setup work has begun",
        "Work already completed and delivered",
        "The first month of a retainer after 7 days",
      ],
    },
    {
      heading: "Performance Guarantee",
      paragraphs: [
        "Selected services carry a 90-day money-back guarantee. If the performance targets agreed in writing in your service agreement are not met within 90 days, you may be eligible for a refund of our management fees. Terms apply: you must have followed our recommendations, provided timely access and approvals, and kept the agreed budget in place for the full period.",
      ],
    },
    {
      heading: "Refund Process",
      paragraphs: [
        "To request a refund, email us at {email} with your name, company, the service concerned and the reason for your request. We aim to send a first response within 24-48 hours.",
        "Each review takes 5-10 business days. Approved refunds are processed within 14 business days to the original payment method.",
      ],
    },
    {
      heading: "Disputes",
      paragraphs: [
        "If you disagree with a refund decision, please contact us so we can try to resolve it directly and in good faith. Disputes that cannot be resolved this way are handled as set out in the Governing Law section of our Terms of Service, by arbitration in Mumbai, India.",
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        "We may update this policy from time to time. The version in force when you signed your service agreement applies to that engagement unless both parties agree otherwise.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["For billing or refund questions, please contact us:"],
      list: ["Email: {email}", "Phone: {phone}", "Address: Mumbai, India"],
    },
  ],
};

export const legalDocuments: Record<LegalSlug, LegalDocument> = {
  privacy: privacyPolicy,
  terms: termsOfService,
  refund: refundPolicy,
};

export function getLegalDocument(slug: string): LegalDocument | undefined {
  return Object.hasOwn(legalDocuments, slug) ? legalDocuments[slug as LegalSlug] : undefined;
}
