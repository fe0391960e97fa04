/**
 * Sample blog posts: the seed data for a new database.
 * Eight published posts (three featured) and one draft. Content is an HTML fragment using only
 * h2, h3, p, ul, ol, li, strong, em, blockquote and internal links.
 */

export interface SampleBlogPost {
  title: string;
  /** Lower-case a-z0-9 and single hyphens, derived from the title. */
  slug: string;
  excerpt: string;
  content: string;
  authorName: string;
  tags: string[];
  featured: boolean;
  published: boolean;
  metaTitle: string;
  metaDescription: string;
  featuredImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export const sampleBlogPosts: SampleBlogPost[] = [
  {
    title: "Technical SEO for Shopify Stores: A D2C Checklist",
    slug: "technical-seo-for-shopify-stores-a-d2c-checklist",
    excerpt:
      "Shopify handles the basics, but duplicate URLs, app bloat and thin collection pages quietly cap organic growth. This is the checklist we run on every D2C store.",
    content: `<p>Shopify is a good foundation for search. It generates a sitemap, adds canonical tags and serves pages from a fast CDN without any configuration. That is exactly why many Indian D2C founders assume SEO is "handled" and move straight on to paid ads. In the audits we run, though, the same handful of technical problems turn up again and again, and together they can hold back organic revenue for years.</p>
<p>This is the checklist our SEO team works through in the first month with a new Shopify client. Most fixes take a few hours in the theme editor or the admin.</p>
<h2>1. Clean up duplicate product URLs</h2>
<p>Every Shopify product can be reached at more than one address. The canonical version is <em>/products/product-name</em>, but many themes link to <em>/collections/collection-name/products/product-name</em> from collection grids. The canonical tag prevents any penalty, but Google still crawls several versions of every product and your internal links point at the non-preferred one.</p>
<h3>How to fix it</h3>
<ol>
<li>Open the product card snippet in your theme, often called <em>card-product.liquid</em> or <em>product-grid-item.liquid</em>.</li>
<li>Find the product link that uses the <em>within: collection</em> filter and remove the filter so it outputs the plain product URL.</li>
<li>Crawl the site again and confirm that internal links now point only to <em>/products/</em> URLs.</li>
</ol>
<p>On a 400-SKU store this change alone typically removes more than 1,000 redundant URLs from the crawl.</p>
<h2>2. Control what Google crawls</h2>
<p>Filtered and sorted collection pages are the biggest source of crawl waste on D2C stores. Sort parameters, filter parameters and tag URLs such as <em>/collections/kurtas/cotton</em> can turn a 50-collection catalogue into tens of thousands of near-identical pages.</p>
<ul>
<li>Review <em>robots.txt.liquid</em>, which Shopify lets you edit. The default rules already block some patterns; add the filter combinations you do not want crawled.</li>
<li>Turn one or two high-demand filter combinations, such as "cotton kurtas for women", into proper collections with their own copy instead of relying on filters.</li>
<li>Check the <strong>Pages</strong> report in Google Search Console every month. A rising count of URLs marked "Crawled, currently not indexed" usually means crawl waste is growing.</li>
</ul>
<h2>3. Fix Core Web Vitals before installing another app</h2>
<p>Most slow Shopify stores are slow because of apps, not because of Shopify. Every review widget, pop-up, upsell and chat tool adds its own JavaScript, and removed apps often leave code behind in the theme. Most Indian shoppers browse on mid-range Android phones over mobile data, so test on that reality rather than on an office laptop.</p>
<ul>
<li>Aim for Largest Contentful Paint under 2.5 seconds and Interaction to Next Paint under 200 milliseconds on mobile, using real-user data in Search Console.</li>
<li>List every installed app, note what it does and remove anything that has not earned its place in the last 90 days.</li>
<li>Search the theme code for leftover snippets from apps you have already removed.</li>
<li>Serve the main product image at the right size, and never lazy-load it.</li>
</ul>
<p>On one apparel store we audited, removing four unused apps cut around 700 KB of JavaScript from every page and brought mobile LCP down from 4.1 to 2.3 seconds.</p>
<h2>4. Add structured data that matches the page</h2>
<p>Product rich results showing price, stock status and star ratings improve click-through rates from search. Most modern themes output basic Product markup, but it is often incomplete or duplicated.</p>
<ul>
<li>Confirm that <strong>Product</strong> markup includes name, image, description, brand, SKU and an <strong>Offer</strong> with price, currency set to INR and availability.</li>
<li>Make sure ratings are output only once. Duplicate blocks from the theme and the reviews app are a common cause of errors.</li>
<li>Add <strong>BreadcrumbList</strong> markup so category paths appear in results.</li>
<li>Validate ten representative URLs with Google's Rich Results Test after every theme update.</li>
</ul>
<h2>5. Give collection pages a reason to rank</h2>
<p>Collection pages usually target the most valuable keywords, such as "organic face wash" or "men's running shoes", yet most are just a grid of products. Add 150 to 250 words of genuinely useful copy: who the range is for, how to choose between products, and links to two or three related collections. Write a unique title tag and meta description for each, and link your top collections from the main navigation.</p>
<h2>6. Handle out-of-stock and discontinued products</h2>
<p>Do not delete or hide product pages the moment stock runs out. If an item is temporarily unavailable, keep the page live, mark it as out of stock and offer a back-in-stock alert. If a product is permanently discontinued, add a 301 redirect in Shopify's URL redirects settings to the closest alternative or to its parent collection.</p>
<h2>A 30-day plan</h2>
<ol>
<li><strong>Week 1:</strong> crawl the site, export Search Console data and list every app with the script weight it adds.</li>
<li><strong>Week 2:</strong> fix internal product links, update robots rules and remove unused apps.</li>
<li><strong>Week 3:</strong> repair structured data and set up redirects for discontinued products.</li>
<li><strong>Week 4:</strong> write copy for the ten collections with the highest search demand and resubmit the sitemap.</li>
</ol>
<blockquote>Technical SEO rarely moves revenue overnight, but it compounds quietly every month.</blockquote>
<p>A store earning ₹3,00,000 a month from organic search that grows the channel by 40% adds more than ₹14,00,000 a year with no extra media spend. To have us run this audit on your store, explore our <a href="/services/seo-optimization">SEO service</a> or <a href="/free-audit">request a free growth audit</a>.</p>`,
    authorName: "Arjun Mehta",
    tags: ["SEO", "D2C", "eCommerce"],
    featured: true,
    published: true,
    metaTitle: "Technical SEO for Shopify Stores: A D2C Checklist",
    metaDescription:
      "A practical technical SEO checklist for Shopify D2C stores in India: duplicate URLs, crawl control, Core Web Vitals, structured data and a 30-day plan.",
    featuredImageUrl: "/images/blog/technical-seo-for-shopify-stores-a-d2c-checklist.svg",
    createdAt: "2026-01-14T09:30:00.000Z",
    updatedAt: "2026-01-20T11:15:00.000Z",
  },
  {
    title: "Meta vs Google Ads: How to Split Your Budget for Profitable ROAS",
    slug: "meta-vs-google-ads-how-to-split-your-budget-for-profitable-roas",
    excerpt:
      "Before deciding how much to spend on Meta and Google, work out the ROAS you can actually afford. A simple allocation framework for Indian D2C brands.",
    content: `<p>"Should we spend more on Meta or on Google?" is the question we hear most often from founders. The honest answer is that the split matters less than most people think, and the number you judge it by matters far more. This post explains how we allocate budgets for D2C brands spending between ₹2,00,000 and ₹20,00,000 a month on paid media.</p>
<h2>Start with your break-even ROAS</h2>
<p>Return on ad spend means nothing without a target, and the target comes from your own unit economics, not from an industry benchmark. Work out the contribution margin per order before marketing:</p>
<ul>
<li>Average order value, net of GST and discounts: say ₹1,200.</li>
<li>Less product cost: ₹420.</li>
<li>Less shipping, packaging and payment gateway fees: ₹150.</li>
<li>Less the expected cost of returns and RTO, averaged across all orders: ₹90.</li>
</ul>
<p>That leaves ₹540, or 45% of order value. Your break-even ROAS is 1 divided by 0.45, which is about 2.2. A campaign returning less than 2.2x on first orders loses money on the first purchase; anything above it contributes to overheads and profit.</p>
<p>Repeat purchases change the picture. If customers reliably come back, you can accept a first-order ROAS slightly below break-even, but only once cohort data proves the repeat rate, not on hope.</p>
<h2>Understand what each platform does</h2>
<h3>Google: capturing demand</h3>
<p>Search and Shopping ads reach people who are already looking. If your category has healthy search volume, such as protein powder, sunscreen or running shoes, Google is usually the most efficient source of new customers at a given ROAS. Its ceiling is the size of that demand: you cannot buy searches that do not exist.</p>
<h3>Meta: creating demand</h3>
<p>Facebook and Instagram put your product in front of people who were not searching for it. For new categories, such as a millet-based snack or a smart pet feeder, Meta is often the only way to scale. It depends heavily on creative, and performance decays as ads fatigue.</p>
<h2>A practical starting split</h2>
<p>Use search demand to set the opening allocation, then let results move it.</p>
<ul>
<li><strong>High search demand:</strong> 55–60% Google, 40–45% Meta.</li>
<li><strong>Moderate demand:</strong> 40% Google, 60% Meta.</li>
<li><strong>New or low-awareness category:</strong> 20–25% Google, mostly brand and competitor terms, and 75–80% Meta.</li>
</ul>
<p>For a brand spending ₹5,00,000 a month in a moderate-demand category, that means about ₹2,00,000 on Google and ₹3,00,000 on Meta. Ring-fence 10–15% of the total, roughly ₹50,000 to ₹75,000, for testing new audiences, creatives and campaign types.</p>
<p>Keep brand search campaigns separate and report them separately. Branded keywords often show a ROAS of 10x or more, which flatters Google's blended numbers and hides weak non-brand performance.</p>
<h2>Judge the whole system with MER</h2>
<p>Platform dashboards double-count. Meta claims a sale because the customer saw an ad; Google claims it because they later searched for your brand name. Added together, platform-reported revenue often exceeds actual store revenue by 30–50%.</p>
<p>So alongside platform ROAS, track your <strong>marketing efficiency ratio (MER)</strong>: total store revenue divided by total ad spend. Also track <strong>new-customer CAC</strong>: total spend divided by first-time customers acquired. If Meta ROAS climbs while MER and new-customer numbers stay flat, you are mostly retargeting people who would have bought anyway. Our guide to <a href="/blog/ga4-attribution-and-utm-hygiene-for-growth-teams">GA4, attribution and UTM hygiene</a> explains how to set this up.</p>
<h2>Scaling rules that protect ROAS</h2>
<ol>
<li>Raise budgets on winning campaigns by 15–20% every three to four days rather than doubling overnight, which can reset the learning phase.</li>
<li>Refresh Meta creative every two to three weeks, or sooner when weekly frequency on prospecting passes 3.</li>
<li>Move budget between platforms monthly, not daily, based on new-customer CAC rather than platform ROAS.</li>
<li>Run a holdout test once a quarter: pause one channel in a few states for two weeks and measure the change in total orders from those states against the rest of the country.</li>
</ol>
<h2>Weekly review checklist</h2>
<ul>
<li>MER against target, for the week and the month to date.</li>
<li>New-customer CAC by platform.</li>
<li>Non-brand Google ROAS, with brand campaigns excluded.</li>
<li>Meta frequency and click-through rate on the top five ads.</li>
<li>Spend from the testing budget and what the team learned from it.</li>
</ul>
<blockquote>The right split is the one that delivers the most profitable new customers, and it will change with seasons, creative and competition.</blockquote>
<p>Revisit the allocation every month and every festive season rather than setting it once. If you want a second opinion on your account structure, look at our <a href="/services/paid-advertising">paid advertising service</a> or <a href="/contact">book a call with our team</a>.</p>`,
    authorName: "Priya Sharma",
    tags: ["Paid Ads", "D2C", "Analytics"],
    featured: true,
    published: true,
    metaTitle: "Meta vs Google Ads: Budget Split and ROAS for D2C",
    metaDescription:
      "How Indian D2C brands should split ad budget between Meta and Google: break-even ROAS, a starting allocation, MER, scaling rules and a weekly checklist.",
    featuredImageUrl: "/images/blog/meta-vs-google-ads-how-to-split-your-budget-for-profitable-roas.svg",
    createdAt: "2026-02-10T08:00:00.000Z",
    updatedAt: "2026-02-18T10:45:00.000Z",
  },
  {
    title: "The Product Page CRO Checklist for Indian eCommerce Brands",
    slug: "the-product-page-cro-checklist-for-indian-ecommerce-brands",
    excerpt:
      "Most product pages leak sales in the same places: unclear delivery dates, weak images and hidden costs. Use this checklist to find and fix the leaks.",
    content: `<p>Paid traffic is expensive, and the product page is where most of it is won or lost. For the D2C and eCommerce brands we work with, product pages typically convert between 1.5% and 3.5% of sessions into orders. Moving a page from 2% to 2.6% is a 30% increase in revenue from the same ad spend, which is usually far cheaper than finding 30% more traffic.</p>
<p>This is the checklist our CRO team uses when reviewing a product page. Work through it on a mobile phone, because that is where the great majority of your visitors are.</p>
<h2>Above the fold on mobile</h2>
<p>A visitor should be able to answer four questions without scrolling: what is it, what does it cost, is it any good, and when will I get it?</p>
<ul>
<li>A product name that says what the item is, not just a brand-style name.</li>
<li>The price shown clearly, with MRP and discount where relevant, and a note that it includes GST.</li>
<li>Star rating and review count, linked to the reviews section.</li>
<li>A pincode checker that shows an estimated delivery date and whether COD is available.</li>
<li>An "Add to cart" or "Buy now" button that stays visible as the visitor scrolls.</li>
</ul>
<h2>Images and video</h2>
<ul>
<li>Six to eight images: the product alone, in use, a close-up of texture or material, and one that shows scale.</li>
<li>At least one photo of a real customer, or a model who looks like your customer.</li>
<li>A 15–30 second video for products where movement, fit or texture matters.</li>
<li>Images compressed for 4G, so the first one loads in under two seconds.</li>
</ul>
<h2>Copy that answers objections</h2>
<p>Good product copy does the job of a helpful shop assistant. Lead with the outcome, then support it with specifics.</p>
<ul>
<li>Three to five benefit bullets near the top, each backed by a fact: an ingredient, material, certification or test result.</li>
<li>A size guide or "how to choose" section for apparel, footwear and anything with variants.</li>
<li>Ingredients, dimensions, care instructions and country of origin in a collapsible section.</li>
<li>A short FAQ built from real customer support tickets and WhatsApp questions.</li>
</ul>
<h2>Trust and risk reversal</h2>
<p>First-time buyers from a brand they have never heard of want to know what happens if something goes wrong. Answer that before they have to ask.</p>
<ul>
<li>The returns or exchange policy summarised in one line near the buy button, for example "Easy 7-day exchange".</li>
<li>Payment options shown as icons: UPI, cards, net banking and COD.</li>
<li>Reviews with photos, sorted to show the most helpful first. Do not hide critical reviews; reply to them.</li>
<li>Press mentions and certifications only if they are genuine and relevant.</li>
</ul>
<h2>Offers and price presentation</h2>
<ul>
<li>Show any prepaid discount, such as ₹50 off on UPI payments, on the product page and not only at checkout.</li>
<li>Present bundles as a clear saving: "Pack of 3 for ₹1,299, save ₹198" when a single unit costs ₹499.</li>
<li>State the free-delivery threshold, for example "Free delivery above ₹799", and keep it consistent with checkout.</li>
<li>Avoid stacking banners and coupon pop-ups; they pull attention away from the product.</li>
</ul>
<h2>How to test changes properly</h2>
<h3>Check your traffic before running an A/B test</h3>
<p>A/B testing needs more traffic than most people expect. To detect a 10% relative improvement on a page converting at 2%, at standard confidence and power, you need roughly 78,000 visitors per variant. A store with 40,000 product page views a month would need about four months to finish a single test.</p>
<p>If your traffic is below that level, do not run tiny tests on button colours. Instead:</p>
<ol>
<li>Fix obvious usability problems directly. You do not need a test to prove that a broken size guide is broken.</li>
<li>Test bold changes, such as a new layout or offer structure, where the expected effect is 20% or more.</li>
<li>Watch session recordings and heatmaps to see where visitors hesitate; review at least 50 recordings before deciding what to change.</li>
<li>Compare conversion rates before and after over equal periods, adjusting for sales and shifts in traffic mix.</li>
</ol>
<h3>Prioritise with a simple score</h3>
<p>Score each idea from 1 to 5 for impact, confidence and ease, then multiply the three. Work from the highest score down. This stops the team spending three weeks on a clever feature while the delivery date is still missing from the page.</p>
<h2>A monthly CRO routine</h2>
<ul>
<li>Review the funnel from product view to add to cart, checkout and purchase, split by device.</li>
<li>Read the latest reviews, returns reasons and support tickets for new objections.</li>
<li>Ship two or three improvements and record what changed and when.</li>
<li>Check page speed after every new app or theme update.</li>
</ul>
<blockquote>Every improvement to the product page makes every rupee of ad spend work harder.</blockquote>
<p>For a store spending ₹4,00,000 a month on ads, a 20% lift in conversion rate is worth the same as ₹80,000 of extra media every month. For a review of your own pages, see our <a href="/services/conversion-optimization">conversion optimisation service</a> or <a href="/free-audit">request a free audit</a>.</p>`,
    authorName: "Neha Kapoor",
    tags: ["CRO", "eCommerce", "D2C"],
    featured: false,
    published: true,
    metaTitle: "Product Page CRO Checklist for Indian eCommerce",
    metaDescription:
      "A mobile-first product page CRO checklist for Indian eCommerce brands: delivery dates, images, copy, trust signals, offers and how to test with low traffic.",
    featuredImageUrl: "/images/blog/the-product-page-cro-checklist-for-indian-ecommerce-brands.svg",
    createdAt: "2026-03-05T07:45:00.000Z",
    updatedAt: "2026-03-05T07:45:00.000Z",
  },
  {
    title: "WhatsApp Automation Flows That Recover Carts and Cut RTO",
    slug: "whatsapp-automation-flows-that-recover-carts-and-cut-rto",
    excerpt:
      "Abandoned cart reminders and COD confirmation on WhatsApp are two of the highest-return automations an Indian D2C brand can build. Here is how to set them up.",
    content: `<p>For Indian shoppers, WhatsApp is not just another channel. It is where they already talk to family and friends, and increasingly to the businesses they buy from. Messages there are read far more often than marketing email, and usually within minutes. That reach makes it the best place to automate two problems that cost D2C brands dearly: abandoned carts and cash-on-delivery returns.</p>
<h2>Before you build: the essentials</h2>
<ul>
<li><strong>Use the WhatsApp Business Platform</strong> through an approved solution provider, not the free WhatsApp Business app. Automation, templates and integrations with Shopify or WooCommerce all need the API.</li>
<li><strong>Collect clear opt-in.</strong> Add a WhatsApp consent checkbox at checkout and on sign-up forms, and record when and where consent was given.</li>
<li><strong>Get templates approved.</strong> Messages sent outside the 24-hour customer service window must use pre-approved templates. Meta classifies them as marketing, utility or authentication, and pricing differs by category, so check your provider's current rates.</li>
<li><strong>Make opting out easy.</strong> Include a "Stop" quick-reply button in marketing messages and honour it immediately.</li>
</ul>
<h2>Flow 1: Abandoned cart recovery</h2>
<p>Cart reminders work best as a short sequence rather than a single nudge. This is the structure we start with before tuning it for each brand:</p>
<ol>
<li><strong>After 30–60 minutes:</strong> a friendly reminder with the product image, name and a button that reopens the saved cart. No discount yet.</li>
<li><strong>After 12–24 hours:</strong> social proof, such as a top review or the average rating, plus an answer to the most common objection about size, delivery time or returns.</li>
<li><strong>After 48 hours:</strong> a modest incentive, for example ₹100 off or free shipping, with a clear expiry.</li>
</ol>
<p>Stop the sequence the moment the customer places an order, and never send more than three messages for the same cart. For a store with 6,000 abandoned checkouts a month that have a phone number and consent, a recovery rate of 8–12% means 480 to 720 extra orders. At an average order value of ₹900, that is ₹4,32,000 to ₹6,48,000 in additional monthly revenue.</p>
<h3>What makes cart messages convert</h3>
<ul>
<li>Personalise with the first name and the exact product, not a generic "you left something behind".</li>
<li>Keep the text short enough to read in a few seconds; people check WhatsApp on the move.</li>
<li>Use a checkout link that restores the full cart, including any coupon already applied.</li>
<li>Send only between 9 am and 9 pm.</li>
</ul>
<h2>Flow 2: COD confirmation and RTO reduction</h2>
<p>Cash on delivery still makes up a large share of orders outside the metros, and too many of those orders are refused at the door. Every return to origin (RTO) costs forward and reverse shipping, packaging and blocked inventory. Take a brand with 3,000 COD orders a month and a 25% RTO rate: 750 failed deliveries at around ₹150 each is ₹1,12,500 a month in shipping alone, before counting damaged stock.</p>
<p>A COD confirmation flow tackles the problem before dispatch:</p>
<ol>
<li><strong>Immediately after the order:</strong> a utility template with the order details and two buttons, "Confirm order" and "Cancel order".</li>
<li><strong>If confirmed:</strong> mark the order as verified and, optionally, offer an incentive to switch to prepaid, such as ₹50 off through a UPI payment link.</li>
<li><strong>If there is no reply within 6 hours:</strong> send one reminder.</li>
<li><strong>If there is still no reply after 24 hours:</strong> pass the order to a calling agent or hold it, depending on your risk rules.</li>
<li><strong>If cancelled:</strong> cancel before dispatch and ask for a one-tap reason.</li>
</ol>
<p>Brands that run this flow consistently usually see RTO on COD orders fall by a quarter to a third, and convert 10–15% of COD orders to prepaid.</p>
<h3>Add an address and delivery check</h3>
<p>Incomplete addresses cause a surprising number of failed deliveries. Ask customers to confirm a landmark and an alternate phone number in the same conversation. When your courier reports a failed delivery attempt, trigger a message asking the customer to pick a new slot or correct the address, and pass the reply straight back to the courier.</p>
<h2>Measure what matters</h2>
<ul>
<li>Recovered revenue per 1,000 abandoned carts, not just click-through rate.</li>
<li>COD confirmation rate, and RTO rate for confirmed versus unconfirmed orders.</li>
<li>Prepaid conversion rate from the COD flow.</li>
<li>Opt-out rate per template; anything above 2% needs a rewrite.</li>
<li>Messaging cost against revenue recovered and shipping saved.</li>
</ul>
<h2>A two-week launch plan</h2>
<ol>
<li><strong>Days 1–3:</strong> choose a provider, verify your business and connect the store.</li>
<li><strong>Days 4–7:</strong> write and submit templates, and add consent capture to checkout.</li>
<li><strong>Days 8–10:</strong> launch COD confirmation first, since it saves money from day one.</li>
<li><strong>Days 11–14:</strong> launch the cart sequence and review results daily for the first week.</li>
</ol>
<blockquote>Start with the flow that saves money, then add the flow that makes money.</blockquote>
<p>Once these two flows are stable, the same setup supports order updates, review requests and replenishment reminders. Read our guide to <a href="/blog/building-a-retention-engine-email-and-whatsapp-lifecycle-marketing">email and WhatsApp lifecycle marketing</a> for the next steps, or explore our <a href="/services/whatsapp-automation">WhatsApp automation service</a>.</p>`,
    authorName: "Kinetic Growth Team",
    tags: ["WhatsApp", "eCommerce", "Retention"],
    featured: true,
    published: true,
    metaTitle: "WhatsApp Flows to Recover Carts and Cut COD RTO",
    metaDescription:
      "Set up WhatsApp abandoned cart and COD confirmation flows for your Indian D2C store: timing, templates, RTO maths, metrics and a two-week launch plan.",
    featuredImageUrl: "/images/blog/whatsapp-automation-flows-that-recover-carts-and-cut-rto.svg",
    createdAt: "2026-04-08T06:30:00.000Z",
    updatedAt: "2026-04-15T09:00:00.000Z",
  },
  {
    title: "Building a Retention Engine: Email and WhatsApp Lifecycle Marketing",
    slug: "building-a-retention-engine-email-and-whatsapp-lifecycle-marketing",
    excerpt:
      "Acquisition costs keep rising, so lifetime value decides who wins. How to map the customer lifecycle, split the work between email and WhatsApp, and measure LTV.",
    content: `<p>When customer acquisition costs rise every year, the brands that keep growing profitably are the ones whose customers come back. A D2C brand where 35% of first-time buyers place a second order within six months can afford to bid far more for new customers than a competitor stuck at 15%. Retention is not a side project for the newest hire; it is what makes paid acquisition work.</p>
<h2>Measure LTV properly first</h2>
<p>Lifetime value is easy to overstate. Use a simple, conservative version based on gross margin over 12 months:</p>
<p><strong>12-month LTV = average order value × orders per customer in 12 months × gross margin</strong></p>
<p>With an average order value of ₹1,100, an average of 1.8 orders per customer in the first year and a 60% gross margin, 12-month LTV is about ₹1,188. If your new-customer CAC is ₹600, your LTV to CAC ratio is roughly 2:1. Most healthy D2C brands aim for 3:1 or better within the first year.</p>
<p>Track this by monthly cohort, grouping customers by the month of their first purchase. Cohorts show whether retention is genuinely improving or whether one big sale month is distorting the average.</p>
<h2>Map the lifecycle stages</h2>
<p>Every customer moves through the same broad stages, and each stage needs a different message and a different goal.</p>
<ol>
<li><strong>Subscriber, not yet a buyer:</strong> a welcome series that explains the brand, the hero products and why to trust you.</li>
<li><strong>First-time buyer:</strong> post-purchase education, so they use the product well and see results.</li>
<li><strong>Due for a repeat:</strong> replenishment or cross-sell reminders timed to how long the product lasts.</li>
<li><strong>Lapsing:</strong> win-back messages once a customer passes their expected repurchase date.</li>
<li><strong>Loyal:</strong> early access, referral rewards and recognition rather than ever-bigger discounts.</li>
</ol>
<h2>Split the work between email and WhatsApp</h2>
<p>Email and WhatsApp do different jobs. Using WhatsApp for everything is the quickest way to get your number blocked or reported.</p>
<h3>Use email for</h3>
<ul>
<li>Welcome series, brand stories and longer product education.</li>
<li>Newsletters, launches and content that rewards reading.</li>
<li>Receipts and detailed order information.</li>
</ul>
<h3>Use WhatsApp for</h3>
<ul>
<li>Time-sensitive messages: order updates, delivery alerts and COD confirmation.</li>
<li>Replenishment reminders with a one-tap reorder link.</li>
<li>Short, high-value offers to engaged customers, capped at one or two marketing messages a week.</li>
</ul>
<h2>Five flows to build first</h2>
<ol>
<li><strong>Welcome series (email):</strong> three or four emails over ten days, with a first-order incentive in the first email only.</li>
<li><strong>Post-purchase (WhatsApp and email):</strong> a delivery-day WhatsApp message with usage tips, followed by an email on day 7 asking for a review.</li>
<li><strong>Replenishment (WhatsApp):</strong> if a customer buys a 30-day pack of supplements, remind them on day 24 or 25 with a reorder link.</li>
<li><strong>Cross-sell (email):</strong> 14–21 days after the first order, recommend the product that similar customers most often buy second.</li>
<li><strong>Win-back (email, then WhatsApp):</strong> trigger at 1.5 times your median repurchase interval. If the median is 45 days, start at around day 68.</li>
</ol>
<h2>Segment before you send</h2>
<p>Sending every campaign to the whole list trains customers to ignore you. At a minimum, segment by:</p>
<ul>
<li>Number of orders: one, two, or three and more.</li>
<li>Recency: ordered in the last 30, 90 or 180 days.</li>
<li>Product category purchased.</li>
<li>Engagement: opened or clicked in the last 60 days.</li>
</ul>
<p>Suppress email addresses that have not engaged for 90 to 120 days to protect deliverability, and send WhatsApp marketing only to customers who have interacted recently.</p>
<h2>Offers without eroding margin</h2>
<p>Discounts are the easiest retention lever and the most expensive. Before reaching for a coupon, try free shipping on the second order, a sample of a related product, a points balance that expires, or early access to a launch. Keep percentage discounts for win-back, where the customer is otherwise likely to be lost.</p>
<h2>A 90-day retention plan</h2>
<ul>
<li><strong>Days 1–30:</strong> calculate cohort LTV and repeat rate, set up consent capture, and launch the welcome and post-purchase flows.</li>
<li><strong>Days 31–60:</strong> build the replenishment and cross-sell flows and create the core segments.</li>
<li><strong>Days 61–90:</strong> launch win-back, a simple loyalty tier and a monthly campaign calendar.</li>
</ul>
<blockquote>Acquisition fills the bucket; retention decides how much of it you keep.</blockquote>
<p>In our experience, this plan lifts the six-month repeat rate by 5 to 10 percentage points for most brands. With 4,000 new customers a month and an average order value of ₹1,100, each extra percentage point of repeat purchase is worth about ₹44,000 a month. See how we build these programmes on our <a href="/services/retention-marketing">retention marketing</a> page, or start with our guide to <a href="/blog/whatsapp-automation-flows-that-recover-carts-and-cut-rto">WhatsApp automation flows</a>.</p>`,
    authorName: "Neha Kapoor",
    tags: ["Retention", "WhatsApp", "D2C"],
    featured: false,
    published: true,
    metaTitle: "Email and WhatsApp Lifecycle Marketing for D2C",
    metaDescription:
      "Build a retention engine for your D2C brand: calculate 12-month LTV, map lifecycle stages, split email and WhatsApp, and launch five core flows in 90 days.",
    featuredImageUrl: "/images/blog/building-a-retention-engine-email-and-whatsapp-lifecycle-marketing.svg",
    createdAt: "2026-05-12T08:15:00.000Z",
    updatedAt: "2026-05-19T12:30:00.000Z",
  },
  {
    title: "GA4, Attribution and UTM Hygiene for Growth Teams",
    slug: "ga4-attribution-and-utm-hygiene-for-growth-teams",
    excerpt:
      "If GA4, Shopify and your ad platforms all report different revenue, you are not alone. How to set up tracking you can trust, and make decisions with it.",
    content: `<p>Almost every month, a founder shows us three different revenue numbers for the same period: one from the store, one from GA4 and a much larger one from Meta and Google Ads added together. Some difference is normal. A gap of 40% is not, and it leads to budget decisions based on fiction. This guide covers the setup we use to get a growth team's analytics to a state it can trust.</p>
<h2>Get the GA4 foundations right</h2>
<h3>Configuration checklist</h3>
<ul>
<li>Change event data retention from the default two months to 14 months in the property's data retention settings, so explorations can look back further than a few weeks.</li>
<li>Define internal traffic rules for your office IP addresses, and activate the filter once you have tested it.</li>
<li>Add your payment gateways, such as Razorpay, PayU or Cashfree, to the list of unwanted referrals so completed orders are not credited to the gateway.</li>
<li>Set the reporting currency to INR and the time zone to India Standard Time, so GA4 matches your store reports.</li>
<li>Link GA4 to Google Ads and Search Console.</li>
</ul>
<h3>Track the full eCommerce funnel</h3>
<p>GA4's recommended eCommerce events give you a funnel you can diagnose. Make sure each one fires with item data and a value:</p>
<ol>
<li>view_item</li>
<li>add_to_cart</li>
<li>begin_checkout</li>
<li>add_shipping_info and add_payment_info</li>
<li>purchase, with a unique transaction_id so duplicate hits are discarded</li>
</ol>
<p>On Shopify, use the official Google integration or a custom pixel for checkout events. Then compare GA4 purchases with store orders for the same week. A gap of 5–10% is normal, because of ad blockers and consent choices. A gap of 20% or more means something is broken.</p>
<h2>UTM hygiene: boring but essential</h2>
<p>GA4 can only report what your links tell it. Inconsistent tags, such as "Facebook", "facebook" and "fb" for the same source, split your data into fragments that no report can put back together.</p>
<h3>Set a naming convention</h3>
<ul>
<li>Use lower case only, with underscores instead of spaces.</li>
<li>Fix the allowed values for source and medium, for example utm_source=facebook with utm_medium=paid_social, and utm_source=google with utm_medium=cpc.</li>
<li>Agree one source and medium pair each for WhatsApp, email and influencer traffic, and never improvise new ones.</li>
<li>Build campaign names from fixed parts: objective, audience, offer and month, such as prospecting_women_25_34_bogo_2026_06.</li>
<li>Never add UTM tags to internal links on your own site; doing so overwrites the original source of the session.</li>
</ul>
<p>Keep the convention in a shared sheet with a link builder, and make it the only place anyone creates tagged URLs, including agencies and influencer managers.</p>
<h2>Choose an attribution view for each decision</h2>
<p>No single attribution model is correct. Use each one for the question it answers best.</p>
<ul>
<li><strong>Platform-reported conversions:</strong> for optimising within a platform, such as choosing between ad sets or creatives.</li>
<li><strong>GA4 data-driven attribution:</strong> for comparing channels on a consistent basis, bearing in mind that it under-credits channels people view rather than click.</li>
<li><strong>Marketing efficiency ratio (MER):</strong> total store revenue divided by total ad spend, for judging overall health and setting budgets.</li>
<li><strong>Post-purchase survey:</strong> one question on the thank-you page, "Where did you first hear about us?". It regularly reveals the influence of creators, podcasts and word of mouth that no pixel sees.</li>
</ul>
<h2>Feed the platforms better signals</h2>
<p>Browser tracking loses data to ad blockers, iOS privacy features and cookie consent. Server-side signals recover a good part of it:</p>
<ul>
<li>Set up the Meta Conversions API alongside the pixel, deduplicating events with a shared event ID.</li>
<li>Enable enhanced conversions in Google Ads, so hashed email and phone data can match more conversions.</li>
<li>Send confirmed orders, and consider excluding cancelled COD orders, so bidding algorithms learn from real revenue.</li>
</ul>
<h2>Build one weekly dashboard</h2>
<p>Put the numbers that matter on a single page in Looker Studio or a spreadsheet:</p>
<ul>
<li>Revenue, orders and average order value from your store.</li>
<li>Spend by platform, MER and new-customer CAC.</li>
<li>Conversion rate by device and by landing page.</li>
<li>The top five campaigns by revenue, using the same attribution view each week.</li>
</ul>
<p>Review it at the same time each week, with the same people in the room. A growth team that spends ₹10,00,000 a month on ads and cannot agree on last week's numbers is losing far more than it would cost to fix its tracking.</p>
<h2>A quarterly tracking audit</h2>
<ol>
<li>Place a test order on mobile and desktop and confirm every funnel event fires once.</li>
<li>Compare GA4, platform and store revenue for the last full month.</li>
<li>Export UTM source and medium values and merge or fix any strays.</li>
<li>Check that Conversions API and enhanced conversions are still receiving events.</li>
</ol>
<blockquote>Clean data does not make decisions for you, but it stops you making them blind.</blockquote>
<p>Good measurement makes every other decision easier, from <a href="/blog/meta-vs-google-ads-how-to-split-your-budget-for-profitable-roas">splitting budget between Meta and Google</a> to choosing which tests to run. If you would like us to audit your setup, <a href="/contact">contact our team</a>.</p>`,
    authorName: "Arjun Mehta",
    tags: ["Analytics", "Paid Ads", "Growth Strategy"],
    featured: false,
    published: true,
    metaTitle: "GA4, Attribution and UTM Hygiene for Growth Teams",
    metaDescription:
      "Set up GA4 for eCommerce, enforce a UTM naming convention, pick the right attribution view for each decision and build a weekly growth dashboard you trust.",
    featuredImageUrl: "/images/blog/ga4-attribution-and-utm-hygiene-for-growth-teams.svg",
    createdAt: "2026-06-16T10:00:00.000Z",
    updatedAt: "2026-06-24T08:20:00.000Z",
  },
  {
    title: "From ₹10 Lakh to ₹1 Crore a Month: A Growth Consulting Playbook",
    slug: "from-10-lakh-to-1-crore-a-month-a-growth-consulting-playbook",
    excerpt:
      "Scaling a D2C brand tenfold is not about finding one big channel. It is a sequence of constraints to remove in the right order. Our playbook for each stage.",
    content: `<p>Growing from ₹10,00,000 to ₹1,00,00,000 in monthly revenue is the stretch where many promising D2C brands stall. What worked at the start, a founder running ads late at night and a single hero product, stops working somewhere around ₹25,00,000 to ₹30,00,000 a month. The brands that break through treat growth as a sequence of constraints to remove, in order, rather than a hunt for one magic channel.</p>
<p>This is the playbook our growth consulting team uses. The numbers are illustrative, but the sequence holds for most consumer brands selling online in India.</p>
<h2>First, understand the arithmetic</h2>
<p>At an average order value of ₹1,000, ₹10,00,000 a month is 1,000 orders. Reaching ₹1,00,00,000 at the same order value means 10,000 orders a month. Raise order value to ₹1,400 through bundles and pricing, and you need about 7,140 orders instead. If repeat customers then supply 40% of revenue, only around 4,300 of those orders need to come from new customers. Doing this arithmetic early shows that growth comes from three levers working together: more new customers, higher order value and more repeat purchases.</p>
<h2>Stage 1: ₹10 lakh to ₹25 lakh, prove the engine</h2>
<p>The constraint at this stage is usually unit economics. Many brands at ₹10,00,000 a month are growing by spending more on each customer than that customer is worth.</p>
<ol>
<li>Calculate contribution margin per order after product cost, shipping, payment fees, returns and RTO.</li>
<li>Set a break-even ROAS and a target new-customer CAC from those numbers.</li>
<li>Identify the one or two hero products that bring in most new customers, and build ads, landing pages and bundles around them.</li>
<li>Fix the product page and checkout basics before scaling spend; our <a href="/blog/the-product-page-cro-checklist-for-indian-ecommerce-brands">product page CRO checklist</a> is a good starting point.</li>
<li>Launch COD confirmation to bring RTO under control.</li>
</ol>
<p><strong>Exit criteria:</strong> profitable first orders, or a proven payback within 90 days, and one paid channel that can absorb ₹5,00,000 to ₹8,00,000 a month without ROAS collapsing.</p>
<h2>Stage 2: ₹25 lakh to ₹50 lakh, add channels and retention</h2>
<p>Here the constraint shifts to reach and repeat purchase. A single Meta account rarely scales smoothly beyond this point on its own.</p>
<ul>
<li>Add Google Search and Shopping properly, with brand and non-brand campaigns kept separate.</li>
<li>Build the core retention flows across email and WhatsApp: welcome, post-purchase, replenishment and win-back.</li>
<li>Start SEO for category and problem-led keywords. It takes six to nine months to pay off, which is exactly why it should start now.</li>
<li>Produce creative at volume: 15–25 new ad concepts a month, including creator content.</li>
<li>Introduce a weekly dashboard covering MER, new-customer CAC, repeat rate and contribution margin.</li>
</ul>
<h2>Stage 3: ₹50 lakh to ₹1 crore, build the system</h2>
<p>At this scale the constraint is usually the organisation itself: cash, inventory, team and focus.</p>
<h3>Channels</h3>
<p>Marketplaces such as Amazon and Flipkart, and quick commerce apps in the metros, can add significant volume. Treat each as a separate business with its own margins, advertising and stock planning, not as an afterthought.</p>
<h3>Team</h3>
<p>The founder should stop running ad accounts. Typical hires or partners at this stage are a performance marketing lead, a retention owner, a creative producer and someone responsible for analytics. An agency can cover some of these roles, but one person in-house must own the numbers.</p>
<h3>Cash and inventory</h3>
<p>Growth consumes cash. A brand spending ₹25,00,000 a month on ads while holding 90 days of inventory can be profitable on paper and still run out of money. Forecast stock and ad spend together, and negotiate supplier payment terms before you need them.</p>
<h2>The operating rhythm that holds it together</h2>
<ul>
<li><strong>Weekly:</strong> the dashboard, creative performance and the testing log.</li>
<li><strong>Monthly:</strong> cohort retention, contribution margin by channel and budget reallocation.</li>
<li><strong>Quarterly:</strong> pricing and range review, incrementality tests and the hiring plan.</li>
</ul>
<h2>Mistakes we see most often</h2>
<ul>
<li>Scaling spend before fixing conversion rate and RTO.</li>
<li>Launching too many products, which spreads creative effort and inventory too thin.</li>
<li>Judging success by platform ROAS instead of contribution margin.</li>
<li>Running a sale every month, which teaches customers never to pay full price.</li>
<li>Hiring senior people before the founder has written down how decisions get made.</li>
</ul>
<blockquote>Growth rarely stalls for lack of ideas. It stalls because the next constraint has not been named.</blockquote>
<p>Done profitably, a tenfold increase usually takes 18 to 30 months. If you want an outside view of which constraint is holding your brand back, explore our <a href="/services/growth-consulting">growth consulting service</a> or look at the results in our <a href="/case-studies">case studies</a>.</p>`,
    authorName: "Priya Sharma",
    tags: ["Growth Strategy", "D2C", "Startups"],
    featured: false,
    published: true,
    metaTitle: "From ₹10 Lakh to ₹1 Crore a Month: Growth Playbook",
    metaDescription:
      "A stage-by-stage growth consulting playbook for Indian D2C brands scaling from ₹10 lakh to ₹1 crore in monthly revenue: economics, channels, team and cash.",
    featuredImageUrl: "/images/blog/from-10-lakh-to-1-crore-a-month-a-growth-consulting-playbook.svg",
    createdAt: "2026-07-21T09:00:00.000Z",
    updatedAt: "2026-07-28T14:10:00.000Z",
  },
  {
    title: "Diwali Campaign Planning: A Festive Season Playbook",
    slug: "diwali-campaign-planning-a-festive-season-playbook",
    excerpt:
      "The festive season can bring in a quarter of a D2C brand's annual revenue, but only if planning starts ten weeks early. A week-by-week Diwali campaign plan.",
    content: `<p>For many Indian D2C and eCommerce brands, the weeks from Navratri to Diwali deliver 20–30% of annual revenue. They are also the most expensive weeks of the year to advertise, with brands, marketplaces and bank offers all competing for the same attention. The brands that do best are rarely the ones with the biggest budgets. They are the ones that planned early, warmed up their audiences in advance, and had stock, logistics and the website ready before the rush.</p>
<h2>Ten weeks out: decide the plan</h2>
<h3>Set targets from last year's data</h3>
<p>Pull daily revenue, orders, average order value, CPMs and conversion rates for the previous festive season. Use them to set a revenue target, then work backwards to the orders, traffic and budget it requires. If last year's festive CPMs were 50% higher than your August average, plan for at least that again.</p>
<h3>Choose an offer structure that protects margin</h3>
<p>A blanket site-wide discount is the easiest offer and usually the least profitable. Consider alternatives:</p>
<ul>
<li>Gift sets and bundles priced at popular gifting points such as ₹999, ₹1,499 and ₹2,499.</li>
<li>A free gift above a threshold, for example a ₹300 product free on orders above ₹2,999.</li>
<li>Tiered offers that reward bigger baskets rather than a flat percentage off everything.</li>
<li>Corporate gifting packages with bulk pricing for orders of 25 units or more.</li>
</ul>
<h2>Six to eight weeks out: prepare the business</h2>
<ul>
<li><strong>Inventory:</strong> forecast demand for hero products and gift sets, and order with a buffer. Running out of stock in the peak week is the costliest mistake of the season.</li>
<li><strong>Logistics:</strong> confirm courier capacity, pickup schedules and the last dispatch date for guaranteed Diwali delivery in each region.</li>
<li><strong>Website:</strong> build festive landing pages, add gift wrapping and gift messages, check mobile speed and make sure checkout copes with traffic spikes.</li>
<li><strong>Creative:</strong> brief three or four concepts, such as gifting, self-reward, family and corporate, each with static, video and creator versions.</li>
</ul>
<h2>Four to six weeks out: warm up your audiences</h2>
<p>The cheapest time to reach festive shoppers is before the festive rush. CPMs in September and early October are noticeably lower, so use that window to build the audiences you will retarget later.</p>
<ul>
<li>Run video and engagement campaigns that introduce your gift range and hero products.</li>
<li>Grow your email and WhatsApp lists with an early-access sign-up for the Diwali sale.</li>
<li>Publish gift guides on your blog, such as "Diwali gifts under ₹1,000", to capture organic search demand.</li>
<li>Confirm that tracking, the Conversions API and UTM tags are working before budgets go up.</li>
</ul>
<h2>Budget phasing for the season</h2>
<p>For a brand with a festive media budget of ₹20,00,000, a typical phasing looks like this:</p>
<ol>
<li><strong>Warm-up, four to six weeks before Diwali:</strong> 20%, or ₹4,00,000, on reach, video views and list building.</li>
<li><strong>Navratri to Dhanteras:</strong> 50%, or ₹10,00,000, on conversion campaigns and retargeting warm audiences.</li>
<li><strong>Last-minute gifting, the final five days:</strong> 15%, or ₹3,00,000, focused on express delivery, digital gift cards and cities where delivery is still possible.</li>
<li><strong>Post-Diwali and Bhai Dooj:</strong> 15%, or ₹3,00,000, on retargeting, clearance and the start of the wedding season.</li>
</ol>
<p>Review performance daily during the peak, and move budget between campaigns based on new-customer CAC and MER rather than platform ROAS alone.</p>
<h2>The CRM calendar: email and WhatsApp</h2>
<ul>
<li>An early-access message to subscribers and past buyers 24 hours before the public sale.</li>
<li>A gifting reminder sequence for customers who bought gifts from you last year.</li>
<li>Shipping cut-off reminders by region, which create genuine rather than manufactured urgency.</li>
<li>A thank-you message after Diwali with a replenishment or new-year offer.</li>
</ul>
<p>For most customers, keep WhatsApp marketing to two or three messages across the whole festive period. Your subscribers will be hearing from every brand they have ever bought from.</p>
<h2>Peak-week checklist</h2>
<ul>
<li>Check stock levels of the top 20 products every morning and pause ads for anything running low.</li>
<li>Watch site speed and checkout errors during evening traffic peaks.</li>
<li>Keep two or three fresh creatives ready to swap in when frequency climbs.</li>
<li>Staff customer support and WhatsApp replies for longer hours.</li>
</ul>
<h2>After the season: capture the learning</h2>
<p>Within two weeks of Diwali, write down what happened: revenue by day, CPMs, the best creatives and offers, stock-outs and courier problems. That one document will make next year's plan faster and sharper.</p>
<blockquote>The festive season is won in August and September, not in the week before Diwali.</blockquote>
<p>If you would like help planning your festive calendar, explore our <a href="/services/paid-advertising">paid advertising service</a> or read our guide to <a href="/blog/meta-vs-google-ads-how-to-split-your-budget-for-profitable-roas">Meta and Google budget allocation</a>.</p>`,
    authorName: "Kinetic Growth Team",
    tags: ["Paid Ads", "eCommerce", "Growth Strategy"],
    featured: false,
    published: true,
    metaTitle: "Diwali Campaign Planning: A Festive Season Playbook",
    metaDescription:
      "A week-by-week Diwali campaign plan for Indian D2C brands: targets, margin-safe offers, inventory, audience warm-up, budget phasing and a CRM calendar.",
    featuredImageUrl: "/images/blog/diwali-campaign-planning-a-festive-season-playbook.svg",
    createdAt: "2026-08-25T07:00:00.000Z",
    updatedAt: "2026-09-02T10:30:00.000Z",
  },
  {
    title: "AI in Performance Marketing: What Actually Works",
    slug: "ai-in-performance-marketing-what-actually-works",
    excerpt:
      "Automated campaigns and generative creative tools promise a lot. Where AI genuinely improves performance marketing results, and where human judgement still wins.",
    content: `<p>Almost every advertising platform now puts artificial intelligence at the centre of its pitch. Meta's Advantage+ campaigns, Google's Performance Max and a wave of generative creative tools all promise better results with less manual work. Some of that promise is real. Some of it simply moves control from the advertiser to the platform. This is how we think about AI for Indian D2C and startup brands today.</p>
<h2>Where AI genuinely helps</h2>
<h3>Bidding and audience targeting</h3>
<p>Automated bidding and broad targeting now outperform manual interest targeting in most of the accounts we manage, provided the algorithm receives accurate conversion data. The marketer's job has shifted from choosing audiences to feeding the system good signals: reliable purchase events, correct order values and enough conversion volume, typically 50 or more conversions per campaign each week.</p>
<h3>Creative volume and variation</h3>
<p>Creative is the biggest lever in paid social, and AI tools make it much faster to produce variations: new hooks for a video, fresh backgrounds for product images, and headline and copy options in English, Hindi and regional languages. A team that used to produce 10 ad variants a month can now produce 40, which means more tests and faster learning.</p>
<h3>Analysis and reporting</h3>
<p>AI assistants are useful for summarising search term reports, grouping customer reviews by theme and spotting anomalies in daily performance. They save hours of spreadsheet work every week, which frees the team to think.</p>
<h2>Where human judgement still wins</h2>
<ul>
<li><strong>Strategy and positioning:</strong> deciding who the brand is for, what it stands for and which products to push cannot be handed to a bidding algorithm.</li>
<li><strong>Offers and pricing:</strong> the platform will happily find buyers for a 40% discount. Whether you should offer one is a business decision.</li>
<li><strong>Creative concepts:</strong> AI is good at variations and weaker at original ideas that connect with Indian audiences and culture. The best-performing concepts in our accounts still come from customer research and creator insight.</li>
<li><strong>Measurement:</strong> automated campaigns report their own success. Independent checks such as MER, new-customer share and holdout tests remain essential.</li>
</ul>
<h2>Guardrails for automated campaigns</h2>
<p>Campaigns such as Advantage+ shopping and Performance Max work best within clear boundaries:</p>
<ol>
<li>Cap or exclude existing customers where the platform allows it, so budget goes to new customers rather than people who would buy anyway.</li>
<li>Add brand exclusions or report brand search separately, so branded demand does not inflate automated campaign results.</li>
<li>Optimise for value rather than conversion count when your products have very different margins, and pass margin-adjusted values if you can.</li>
<li>Review placements, search terms and asset performance every week, even where you cannot control all of them.</li>
<li>Keep 10–20% of budget in structured, controllable campaigns as a benchmark.</li>
</ol>
<h2>Using generative AI responsibly</h2>
<p>Generated images and copy still have to be accurate. Never let a tool invent product claims, results or testimonials, and check every asset against your product facts and the advertising guidelines of the Advertising Standards Council of India before it goes live. Disclose synthetic people or scenes where a viewer could be misled, and keep a human reviewer on every asset.</p>
<h2>A simple way to start</h2>
<ul>
<li>Fix your tracking first. AI amplifies whatever signal you give it, good or bad.</li>
<li>Run one automated campaign against your current best structure for four weeks, with equal budgets, and compare new-customer CAC.</li>
<li>Use AI tools to triple creative output, but judge every variant on results rather than on how polished it looks.</li>
<li>Write down what the machine does well in your account, and where it needs limits.</li>
</ul>
<h2>What this means for budgets</h2>
<p>For a brand spending ₹3,00,000 a month, the practical gain from AI is rarely a dramatic jump in ROAS. It is more often a 10–20% efficiency improvement from better bidding, plus faster creative testing. On that budget, a 15% improvement is worth roughly ₹45,000 a month in media value, which is significant but not magic.</p>
<blockquote>AI rewards brands that already know what they are doing, and magnifies the mistakes of those that do not.</blockquote>
<p>AI will not replace a sound growth strategy, but it makes a good one go further. To see how we combine automation with hands-on account management, visit our <a href="/services/paid-advertising">paid advertising service</a>.</p>`,
    authorName: "Priya Sharma",
    tags: ["Paid Ads", "Analytics", "Growth Strategy"],
    featured: false,
    published: false,
    metaTitle: "AI in Performance Marketing: What Actually Works",
    metaDescription:
      "Where AI improves performance marketing for Indian D2C brands, where human judgement still wins, and the guardrails automated ad campaigns need.",
    featuredImageUrl: "/images/blog/ai-in-performance-marketing-what-actually-works.svg",
    createdAt: "2026-10-06T09:45:00.000Z",
    updatedAt: "2026-10-09T11:00:00.000Z",
  },
];
