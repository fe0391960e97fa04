import "server-only";
import type { CallToolResult, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LIMITS, STAGE_KEY_MAX, STAGE_KEY_PATTERN } from "@/lib/limits";
import { dealValueWithSource } from "@/lib/deal-value";
import { listDeskMembers, listDue, listLeadStages } from "../leads";
import { LEAD_STATUSES } from "../kernel/db/schema";
import { siteConfig } from "../kernel/site-config";
import { createDraftPost, listPosts, publishPost } from "./api-content";
import { ApiError } from "./api-errors";
import { getLead, listLeads, updateLead } from "./api-leads";
import { withApiKeyActivity, type ApiKeyPrincipal, type ApiScope } from "./api-keys";
import { scoped, toolError, toolResult } from "./mcp-results";

// The lead desk's and the blog's tools (docs/decisions/0061). Each reads and writes through the REST
// API's service functions (src/server/integrations/api-*.ts), which check the scope, validate with
// the dashboard form's schema and write through the dashboard's data functions in the key's activity
// scope: an assistant's change is the same change, with the same trail, as one made on the screen.

/** Rows per page a tool returns: enough to answer, few enough for an assistant's context. */
const MAX_ROWS = 50;

const Id = z.uuid({ error: "Give the id of a lead as search_leads returns it." });
const Limit = z.number().int().min(1).max(MAX_ROWS).default(20).describe(`Rows to return, 1 to ${MAX_ROWS}.`);
const Cursor = z.string().max(400).optional().describe("The next_cursor of the previous call, for the next page.");
const Day = z.iso.date({ error: "Give the day as YYYY-MM-DD." });
/** A stage's key (docs/decisions/0067): its form here; whether it exists, the service checks. */
const Stage = z.string().max(STAGE_KEY_MAX).regex(STAGE_KEY_PATTERN, { error: "Give a stage's key, e.g. contacted." });

/** The lead as a tool shows it: what a person needs to act, and where the lead is on the dashboard. */
export function leadSummary(row: Record<string, unknown>): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobileNumber: row.mobileNumber,
    websiteUrl: row.websiteUrl ?? null,
    service: row.service ?? null,
    package: row.package ?? null,
    monthlyRevenue: row.monthlyRevenue ?? null,
    status: row.status,
    ownerId: row.ownerId ?? null,
    ownerEmail: row.ownerEmail ?? null,
    followUpOn: row.followUpOn ?? null,
    // The REST API's presented lead already carries the one definition (src/lib/deal-value.ts).
    dealValue: row.dealValue ?? null,
    dealValueFrom: row.dealValueFrom ?? dealValueWithSource(row as never)?.source ?? null,
    // What its invoices have been paid, in paise with GST (billing's one rule), beside the won value.
    paidPaise: row.paidPaise ?? 0,
    expectedCloseOn: row.expectedCloseOn ?? null,
    createdAt: row.createdAt,
    link: `${siteConfig().url}/admin/leads?edit=${String(row.id)}`,
  };
}

function postSummary(row: Record<string, unknown>): Record<string, unknown> {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    published: row.published,
    publishAt: row.publishAt ?? null,
    authorName: row.authorName,
    tags: row.tags,
    excerpt: row.excerpt ?? null,
    updatedAt: row.updatedAt,
    link: row.published ? `${siteConfig().url}/blog/${String(row.slug)}` : `${siteConfig().url}/admin/blog?edit=${String(row.id)}`,
  };
}

/**
 * The service's refusal as the tool's answer: its message and, for invalid input, each field's
 * message (the dashboard form's words). Anything else is left to `scoped`, which logs it.
 */
async function service(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = error.fields ? Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`) : [];
    return toolError([error.message, ...fields].join("\n"));
  }
}

const SearchLeadsInput = z.object({
  query: z.string().max(200).optional().describe("Text found anywhere in the name, e-mail, mobile, website, challenge or notes."),
  status: Stage.optional().describe(`Only leads at this stage: ${LEAD_STATUSES.join(", ")} or a custom stage's key (list_stages).`),
  updated_since: z.iso.datetime({ offset: true }).optional().describe("Only leads changed at or after this instant (ISO 8601)."),
  limit: Limit,
  cursor: Cursor,
});

const UpdateLeadInput = z
  .object({
    id: Id,
    status: Stage.optional().describe(`The new stage: ${LEAD_STATUSES.join(", ")} or a custom stage's key (list_stages).`),
    ownerId: z.string().max(100).nullable().optional().describe("The team member who follows the lead up (an id from list_team), or null for nobody."),
    followUpOn: Day.nullable().optional().describe("The day of the next follow-up (YYYY-MM-DD, India time), or null for none."),
    notes: z.string().max(LIMITS.longText).optional().describe("The lead's internal notes, replaced by this text; only staff see them."),
  })
  .refine((input) => ["status", "ownerId", "followUpOn", "notes"].some((field) => Object.hasOwn(input, field)), {
    error: "Say what to change: status, ownerId, followUpOn or notes.",
  });

const ListPostsInput = z.object({
  query: z.string().max(200).optional().describe("Text found in the title, slug, excerpt or body."),
  status: z.enum(["published", "draft"]).optional().describe("Only published posts, or only drafts."),
  limit: Limit,
  cursor: Cursor,
});

const DraftPostInput = z.object({
  title: z.string().min(1).max(LIMITS.title).describe("The post's title."),
  content: z
    .string()
    .min(1)
    .max(LIMITS.blogContent)
    .describe("The body as HTML (paragraphs, headings h2-h4, lists, links, emphasis); unsafe markup is removed."),
  excerpt: z.string().max(LIMITS.excerpt).optional().describe("A one- or two-sentence summary for the blog's list and search results."),
  tags: z.array(z.string().max(LIMITS.tag)).max(LIMITS.tagsPerPost).optional().describe("Topics, e.g. SEO, Paid Ads."),
  slug: z.string().max(LIMITS.slug).optional().describe("The address after /blog/; made from the title when left out."),
  publish: z
    .boolean()
    .default(false)
    .describe("true publishes the post on the site at once. Leave it out (a draft for a person to review) unless the user asked for publishing."),
});

/** The lead desk's and the blog's tools, each checking its scope and running as the key. */
export function registerDeskTools(server: McpServer, key: ApiKeyPrincipal, headers: Headers | null): void {
  // The REST API's service functions open the key's scope themselves (its role checks and the trail).
  const asKey = (scope: ApiScope, tool: string, work: () => Promise<CallToolResult>) => scoped(key, scope, tool, () => service(work));
  // The desk's own data functions (the Due view, the members) are called here, in the key's scope.
  const inKeyScope = <T>(work: () => Promise<T>) => withApiKeyActivity(key, headers, work);

  server.registerTool(
    "search_leads",
    {
      title: "Search leads",
      description: "Leads, newest first (scope leads:read): search text, status, changed since; pages of up to 50 with a cursor.",
      inputSchema: SearchLeadsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, status, updated_since, limit, cursor }) =>
      asKey("leads:read", "search_leads", async () => {
        const page = await listLeads(key, { q: query, status, updated_since, limit, cursor }, headers);
        return toolResult({ leads: page.data.map(leadSummary), next_cursor: page.next_cursor });
      }),
  );

  server.registerTool(
    "get_lead",
    {
      title: "Read a lead",
      description: "One lead with everything the form sent, its status, owner, follow-up day and internal notes (scope leads:read).",
      inputSchema: z.object({ id: Id }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      asKey("leads:read", "get_lead", async () => {
        const lead = await getLead(key, id, headers);
        return toolResult({ ...leadSummary(lead), growthChallenge: lead.growthChallenge ?? null, notes: lead.notes ?? null, attribution: lead.attribution });
      }),
  );

  server.registerTool(
    "list_due",
    {
      title: "Follow-ups due",
      description: "Leads and messages whose follow-up day is today or past, oldest first, as the dashboard's Due view (scope leads:read).",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      asKey("leads:read", "list_due", async () => {
        const items = await inKeyScope(() => listDue());
        return toolResult({ due: items.slice(0, 200).map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })), total: items.length });
      }),
  );

  server.registerTool(
    "list_team",
    {
      title: "Team members on the desk",
      description: "The members a lead can be given to (their ids for update_lead's ownerId) (scope leads:read).",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => asKey("leads:read", "list_team", async () => toolResult({ members: await inKeyScope(() => listDeskMembers()) })),
  );

  server.registerTool(
    "list_stages",
    {
      title: "The pipeline's stages",
      description:
        "Every stage a lead can be at, in the board's order: the built-in ones and the owner's own (their keys for search_leads and update_lead's status) (scope leads:read).",
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => asKey("leads:read", "list_stages", async () => toolResult({ stages: await inKeyScope(() => listLeadStages()) })),
  );

  server.registerTool(
    "update_lead",
    {
      title: "Update a lead",
      description:
        "Changes a lead's status, owner, follow-up day or internal notes (scope leads:write). Only the fields given change; the change is in the activity trail under this key's name.",
      inputSchema: UpdateLeadInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id, ...change }) =>
      asKey("leads:write", "update_lead", async () => {
        const lead = await updateLead(key, id, change, headers);
        return toolResult({ lead: leadSummary(lead) });
      }),
  );

  server.registerTool(
    "list_posts",
    {
      title: "List blog posts",
      description: "Blog posts, newest first (scope content:read): search text, published or draft; pages of up to 50 with a cursor.",
      inputSchema: ListPostsInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, status, limit, cursor }) =>
      asKey("content:read", "list_posts", async () => {
        const page = await listPosts(key, { q: query, status, limit, cursor }, headers);
        return toolResult({ posts: page.data.map(postSummary), next_cursor: page.next_cursor });
      }),
  );

  server.registerTool(
    "draft_post",
    {
      title: "Draft a blog post",
      description:
        "Stores a new blog post as a draft for the team to review (scope content:write). It is published only when publish is true, which should be asked for explicitly.",
      inputSchema: DraftPostInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ publish, ...post }) =>
      asKey("content:write", "draft_post", async () => {
        const draft = await createDraftPost(key, post, headers);
        const stored = publish ? await publishPost(key, String(draft.id), headers) : draft;
        return toolResult({ post: postSummary(stored) });
      }),
  );
}
