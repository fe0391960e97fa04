import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The experiments' data (docs/decisions/0104): their life (draft, running, stopped, shipped) with
// its refusals, and their results counted from the page views that showed each variant and what
// those visitors sent, on a seeded database. On PGlite, and on PostgreSQL with DATABASE_URL.

const actor = { id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true, role: "editor" };
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({ requireRole: async () => actor, AccessDeniedError: class extends Error {} }));
// The public pages are told after each committed start, stop and ship, and only then.
const signal = vi.hoisted(() => ({ calls: 0, last: [] as unknown[] }));
vi.mock("@/server/experiments/live-signal", () => ({
  experimentsChanged: (...args: unknown[]) => {
    signal.calls++;
    signal.last = args;
  },
}));

const { createExperiment, getExperiment, shipExperiment, startExperiment, stopExperiment, updateExperiment, shippedSource } =
  await import("@/server/experiments/data/manage");
const { experimentResults, daysRun } = await import("@/server/experiments/data/results");
const { activityEvents, analyticsEvents, bookings, contactMessages, experiments, leads, pageCopy, pageCopyRevisions, webhookDeliveries } =
  await import("@/server/kernel/db/schema");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { dealValueOf } = await import("@/lib/deal-value");
const { packageChoices } = await import("@/content/services");
const { FieldError } = await import("@/server/kernel/forms/form-action");
const { saveExperimentAction, shipExperimentAction, startExperimentAction, stopExperimentAction } = await import("@/server/experiments/experiment-actions");

const handle = setUpTestDatabase();
setUpJobQueue();

beforeEach(async () => {
  await handle.db.execute(
    sql`truncate experiments, page_copy, page_copy_revisions, analytics_events, leads, contact_messages, bookings, webhook_deliveries, webhook_endpoints cascade`,
  );
});

const draft = (over: Partial<Parameters<typeof createExperiment>[0]> = {}) => ({
  name: "Hero promise",
  target: "home-hero" as const,
  targetPath: null,
  goal: "free-audit" as const,
  trafficPercent: 100,
  minDays: 14,
  variants: [
    { name: "Control", weight: 50, copy: {} },
    { name: "Outcome first", weight: 50, copy: { headline: "Twice the qualified leads in 90 days" } },
  ],
  ...over,
});

/** The message a refusal shows beside the form. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FieldError);
  return Object.values((error as InstanceType<typeof FieldError>).fields).join(" ");
}

const trail = async (id: string) =>
  (await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, id)).orderBy(activityEvents.at, activityEvents.id)).map((r) => r.action);

describe("an experiment's life", () => {
  it("is made a draft with a key of eight hex digits, and its trail row", async () => {
    const made = await createExperiment(draft(), actor);
    expect(made).toMatchObject({ status: "draft", name: "Hero promise", createdBy: actor.email, startedAt: null });
    expect(made.key).toMatch(/^[0-9a-f]{8}$/);
    expect(await trail(made.id)).toEqual(["create"]);
    const another = await createExperiment(draft(), actor);
    expect(another.key).not.toBe(made.key);
  });

  it("is edited while a draft, and refused once it has started or stopped, saying why", async () => {
    const made = await createExperiment(draft(), actor);
    const edited = await updateExperiment({ ...draft({ name: "Hero promise, again" }), id: made.id }, actor);
    expect(edited.name).toBe("Hero promise, again");
    await startExperiment(made.id, actor);
    const moved = draft({
      variants: [
        { name: "Control", weight: 20, copy: {} },
        { name: "Outcome first", weight: 80, copy: { headline: "Twice the qualified leads in 90 days" } },
      ],
    });
    expect(await refusal(updateExperiment({ ...moved, id: made.id }, actor))).toMatch(
      /has started: its variants and weights are fixed.*move visitors between variants/,
    );
    await stopExperiment(made.id, actor);
    expect(await refusal(updateExperiment({ ...moved, id: made.id }, actor))).toMatch(/has run: its variants and weights are fixed/);
    // Nothing changed: the weights the visitors were split by are the ones kept.
    expect((await getExperiment(made.id))!.variants.map((v) => v.weight)).toEqual([50, 50]);
    expect(await trail(made.id)).toEqual(["create", "update", "experiment.start", "experiment.stop"]);
  });

  it("starts one at a time: a second start is refused while another runs, naming it", async () => {
    const first = await createExperiment(draft({ name: "First" }), actor);
    const second = await createExperiment(draft({ name: "Second", target: "header-cta" }), actor);
    await startExperiment(first.id, actor);
    expect(await refusal(startExperiment(second.id, actor))).toMatch(/^First is running\. One experiment runs at a time.*stop it first/);
    expect((await getExperiment(second.id))!.status).toBe("draft");
    expect(await trail(second.id)).toEqual(["create"]);
    await stopExperiment(first.id, actor);
    expect((await startExperiment(second.id, actor)).status).toBe("running");
  });

  it("lets one of two starts at once through and refuses the other with the same message; the database's index refuses a second running row whatever writes it", async () => {
    const [a, b] = await Promise.all([createExperiment(draft({ name: "A" }), actor), createExperiment(draft({ name: "B" }), actor)]);
    const outcomes = await Promise.allSettled([startExperiment(a.id, actor), startExperiment(b.id, actor)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(FieldError);
    expect(refused.reason.message).toMatch(/is running\. One experiment runs at a time/);
    const running = await handle.db.select().from(experiments).where(eq(experiments.status, "running"));
    expect(running).toHaveLength(1);
    // And the index itself: no second running row, whatever path writes it.
    const other = running[0]!.id === a.id ? b : a;
    await expect(handle.db.update(experiments).set({ status: "running" }).where(eq(experiments.id, other.id))).rejects.toThrow();
  });

  it("stops only a running experiment, and queues experiment.stopped with its results in the stop's transaction", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example/ab", kind: "standard", events: ["experiment.stopped"] });
    const made = await createExperiment(draft(), actor);
    expect(await refusal(stopExperiment(made.id, actor))).toBe("Hero promise has not started.");
    await startExperiment(made.id, actor, new Date("2026-11-01T00:00:00Z"));
    const stopped = await stopExperiment(made.id, actor, new Date("2026-11-20T00:00:00Z"));
    expect(stopped).toMatchObject({ status: "stopped", stoppedAt: new Date("2026-11-20T00:00:00Z") });
    expect(await refusal(stopExperiment(made.id, actor))).toBe("Hero promise is already stopped.");
    const deliveries = await handle.db.select().from(webhookDeliveries);
    expect(deliveries.map((d) => d.eventType)).toEqual(["experiment.stopped"]);
    const payload = deliveries[0]!.payload as { data: Record<string, unknown> } & Record<string, unknown>;
    const data = (payload.data ?? payload) as Record<string, unknown>;
    expect(data).toMatchObject({ id: made.id, key: made.key, status: "stopped", stoppedAt: "2026-11-20T00:00:00.000Z" });
    expect(data.results).toMatchObject({
      daysRun: 19,
      minDays: 14,
      variants: [
        { name: "Control", visitors: 0 },
        { name: "Outcome first", visitors: 0 },
      ],
    });
    expect(String(data.dashboardUrl)).toMatch(new RegExp(`/admin/experiments/${made.id}$`));
  });

  it("ships a stopped experiment's challenger: page copy, its revision and the trail row in one go", async () => {
    await handle.db.insert(pageCopy).values({ target: "home-hero", copy: { headline: "Old shipped headline", ctaText: "Talk to us" } });
    const made = await createExperiment(
      draft({
        variants: [
          { name: "Control", weight: 50, copy: {} },
          { name: "Outcome first", weight: 25, copy: { headline: "Twice the qualified leads in 90 days" } },
          { name: "Audit button", weight: 25, copy: { ctaText: "Get my free audit", ctaHref: "/free-audit" } },
        ],
      }),
      actor,
    );
    await startExperiment(made.id, actor);
    expect(await refusal(shipExperiment(made.id, 1, actor))).toMatch(/^Stop Hero promise before shipping a variant/);
    await stopExperiment(made.id, actor);
    expect(await refusal(shipExperiment(made.id, 0, actor))).toMatch(/the control is the page as it is already/);
    expect(await refusal(shipExperiment(made.id, 5, actor))).toMatch(/Choose one of the experiment's challengers/);
    const at = new Date("2026-11-25T10:00:00Z");
    const shipped = await shipExperiment(made.id, 2, actor, at);
    expect(shipped.shippedVariant).toBe(2);
    // The variant's fields over what the page showed while it ran: the old headline stays.
    const copy = { headline: "Old shipped headline", ctaText: "Get my free audit", ctaHref: "/free-audit" };
    expect(await handle.db.select().from(pageCopy)).toEqual([{ target: "home-hero", path: "", copy, updatedAt: at, updatedBy: actor.email }]);
    const revisions = await handle.db.select().from(pageCopyRevisions);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ target: "home-hero", path: "", copy, source: shippedSource(made.key), at, by: actor.email });
    expect(revisions[0]!.source).toBe(`experiment:${made.key}`);
    expect(await trail(made.id)).toEqual(["create", "experiment.start", "experiment.stop", "experiment.ship"]);
    expect(await refusal(shipExperiment(made.id, 1, actor))).toMatch(/Audit button of Hero promise is already shipped/);
    expect(await handle.db.select().from(pageCopyRevisions)).toHaveLength(1);
  });

  it("ships a page target's winner as that page's copy only, beside another page's of the same kind", async () => {
    await handle.db.insert(pageCopy).values([
      { target: "case-study-hero", path: "/case-studies/fashionhub-roas", copy: { headline: "FashionHub's old shipped title" } },
      { target: "case-study-hero", path: "/case-studies/other-study", copy: { headline: "Another study's own title" } },
    ]);
    const made = await createExperiment(
      draft({
        target: "case-study-hero",
        targetPath: "/case-studies/fashionhub-roas",
        variants: [
          { name: "Control", weight: 50, copy: {} },
          { name: "Figure first", weight: 50, copy: { headline: "4x ROAS in 90 days" } },
        ],
      }),
      actor,
    );
    await startExperiment(made.id, actor);
    await stopExperiment(made.id, actor);
    const at = new Date("2026-11-26T10:00:00Z");
    await shipExperiment(made.id, 1, actor, at);
    const rows = await handle.db.select().from(pageCopy).orderBy(pageCopy.path);
    expect(rows.map((r) => [r.target, r.path, r.copy])).toEqual([
      ["case-study-hero", "/case-studies/fashionhub-roas", { headline: "4x ROAS in 90 days" }],
      ["case-study-hero", "/case-studies/other-study", { headline: "Another study's own title" }],
    ]);
    expect(await handle.db.select().from(pageCopyRevisions)).toMatchObject([
      { target: "case-study-hero", path: "/case-studies/fashionhub-roas", copy: { headline: "4x ROAS in 90 days" }, at },
    ]);
  });

  it("writes nothing of a ship when a later step fails: the page copy, the revision and the mark go together", async () => {
    const made = await createExperiment(draft(), actor);
    await startExperiment(made.id, actor);
    await stopExperiment(made.id, actor);
    // The trail's row is the ship's last write; a trail that cannot be written undoes the rest.
    await handle.db.execute(sql`alter table audit_events add constraint no_ship_rows check (action <> 'experiment.ship') not valid`);
    try {
      await expect(shipExperiment(made.id, 1, actor)).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`alter table audit_events drop constraint no_ship_rows`);
    }
    expect(await handle.db.select().from(pageCopy)).toEqual([]);
    expect(await handle.db.select().from(pageCopyRevisions)).toEqual([]);
    expect((await getExperiment(made.id))!.shippedVariant).toBeNull();
  });
});

describe("the screen's actions", () => {
  const formOf = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    return form;
  };
  const fields = {
    name: "Header button",
    target: "header-cta",
    goal: "booked-call",
    trafficPercent: "50",
    minDays: "7",
    variant0Weight: "50",
    variant1Name: "Book a call",
    variant1Weight: "50",
    variant1CtaText: "Book a call",
    variant1CtaHref: "/book",
  };

  it("drafts from the form, then starts, stops and ships, telling the public pages after each committed change and not after a refusal", async () => {
    // A new draft opens its own page (Next's redirect is thrown as an error carrying the address).
    const redirected = await saveExperimentAction({ status: "idle" }, formOf(fields)).then(
      () => null,
      (e: unknown) => e as { digest?: string },
    );
    const [made] = await handle.db.select().from(experiments);
    expect(made).toMatchObject({ name: "Header button", target: "header-cta", goal: "booked-call", trafficPercent: 50, minDays: 7, status: "draft" });
    expect(String(redirected?.digest)).toContain(`/admin/experiments/${made!.id}`);
    expect(made!.variants).toEqual([
      { name: "Control", weight: 50, copy: {} },
      { name: "Book a call", weight: 50, copy: { ctaText: "Book a call", ctaHref: "/book" } },
    ]);
    const invalid = await saveExperimentAction({ status: "idle" }, formOf({ ...fields, id: made!.id, variant1CtaHref: "https://elsewhere.example" }));
    expect(invalid).toMatchObject({ status: "invalid", fieldErrors: { variant1CtaHref: expect.stringMatching(/path on this site/) } });
    const before = signal.calls;
    expect(await startExperimentAction({ status: "idle" }, formOf({ id: made!.id }))).toMatchObject({ status: "success", title: "Experiment started" });
    expect(signal.calls).toBe(before + 1);
    // A refusal (it has started already) changes nothing, so the pages are not told.
    expect(await startExperimentAction({ status: "idle" }, formOf({ id: made!.id }))).toMatchObject({ status: "invalid", title: "Not started" });
    expect(await saveExperimentAction({ status: "idle" }, formOf({ ...fields, id: made!.id, name: "Renamed" }))).toMatchObject({
      status: "invalid",
      message: expect.stringMatching(/variants and weights are fixed/),
    });
    expect(signal.calls).toBe(before + 1);
    expect(await stopExperimentAction({ status: "idle" }, formOf({ id: made!.id }))).toMatchObject({ status: "success", title: "Experiment stopped" });
    expect(signal.calls).toBe(before + 2);
    expect(await shipExperimentAction({ status: "idle" }, formOf({ id: made!.id, variant: "0" }))).toMatchObject({ status: "invalid" });
    expect(await shipExperimentAction({ status: "idle" }, formOf({ id: made!.id, variant: "1" }))).toMatchObject({
      status: "success",
      message: "Book a call is now the page's own copy.",
    });
    expect(signal.calls).toBe(before + 3);
    expect(await handle.db.select().from(pageCopy)).toMatchObject([{ target: "header-cta", copy: { ctaText: "Book a call", ctaHref: "/book" } }]);
  });

  it("drafts on a service page only when the page exists, and ships to that page, refreshing it", async () => {
    const slug = packageChoices()[0]!.service;
    const service = {
      ...fields,
      name: "Service hero",
      target: "service-hero",
      targetPath: "/services/no-such-service",
      variant1Name: "Outcome first",
      variant1CtaText: "",
      variant1CtaHref: "",
      variant1Headline: "Twice the leads",
    };
    expect(await saveExperimentAction({ status: "idle" }, formOf(service))).toMatchObject({
      status: "invalid",
      fieldErrors: { targetPath: expect.stringMatching(/^There is no published service page at \/services\/no-such-service/) },
    });
    expect(await handle.db.select().from(experiments)).toEqual([]);
    await saveExperimentAction({ status: "idle" }, formOf({ ...service, targetPath: `/services/${slug}` })).catch(() => null);
    const [made] = await handle.db.select().from(experiments);
    expect(made).toMatchObject({ target: "service-hero", targetPath: `/services/${slug}` });
    await startExperiment(made!.id, actor);
    await stopExperiment(made!.id, actor);
    expect(await shipExperimentAction({ status: "idle" }, formOf({ id: made!.id, variant: "1" }))).toMatchObject({ status: "success" });
    expect(signal.last).toEqual(["service-hero", `/services/${slug}`]);
    expect(await handle.db.select().from(pageCopy)).toMatchObject([
      { target: "service-hero", path: `/services/${slug}`, copy: { headline: "Twice the leads" } },
    ]);
  });
});

// The results' fixture: visitor ids as the analytics stores them (64 hex digits), page views that
// showed a variant, and what each visitor sent, before or after their first exposure.
const visitor = (name: string) => createHash("sha256").update(name).digest("hex");
const START = new Date("2026-11-01T09:00:00Z");
const minutes = (m: number) => new Date(START.getTime() + m * 60_000);

async function exposures(key: string, rows: [name: string, variant: number, at: Date][]) {
  for (let i = 0; i < rows.length; i += 500) {
    await handle.db.insert(analyticsEvents).values(
      rows.slice(i, i + 500).map(([name, variant, at]) => ({
        at,
        day: at.toISOString().slice(0, 10),
        visitorId: visitor(name),
        path: "/",
        device: "desktop" as const,
        experimentKey: key,
        variant,
      })),
    );
  }
}

let leadNo = 0;
async function lead(name: string, at: Date, over: Partial<typeof leads.$inferInsert> = {}) {
  const n = ++leadNo;
  const [row] = await handle.db
    .insert(leads)
    .values({ name: `Lead ${n}`, email: `lead${n}@example.com`, mobileNumber: "+919876543210", visitorId: visitor(name), createdAt: at, ...over })
    .returning();
  return row!;
}
async function message(name: string, at: Date) {
  const n = ++leadNo;
  await handle.db
    .insert(contactMessages)
    .values({ name: `Sender ${n}`, email: `sender${n}@example.com`, mobileNumber: "+919876543210", message: "Hello", visitorId: visitor(name), createdAt: at });
}
async function booking(leadId: string | null, at: Date, confirmed: boolean, visitorName?: string) {
  const n = ++leadNo;
  await handle.db.insert(bookings).values({
    startsAt: new Date("2026-12-01T05:00:00Z"),
    endsAt: new Date("2026-12-01T05:30:00Z"),
    name: `Caller ${n}`,
    email: `caller${n}@example.com`,
    phone: "+919876543210",
    topic: "Growth",
    timeZone: "Asia/Kolkata",
    leadId,
    createdAt: at,
    confirmedAt: confirmed ? at : null,
    heldUntil: confirmed ? null : new Date(at.getTime() + 3_600_000),
    visitorId: visitorName ? visitor(visitorName) : null,
  });
}

describe("an experiment's results", () => {
  async function running(over: Partial<ReturnType<typeof draft>> = {}) {
    const made = await createExperiment(draft(over), actor);
    return startExperiment(made.id, actor, START);
  }

  it("gives each variant exactly the fixture's visitors, leads by form, calls, qualified and won, counting only what came after the exposure", async () => {
    const experiment = await running();
    const package_ = packageChoices()[0]!;
    await exposures(experiment.key, [
      ...Array.from({ length: 10 }, (_, i) => [`c${i}`, 0, minutes(i)] as [string, number, Date]),
      ...Array.from({ length: 12 }, (_, i) => [`v${i}`, 1, minutes(i)] as [string, number, Date]),
      // A visitor seeing the control twice is one visitor.
      ["c0", 0, minutes(30)],
      // One seen in both variants, left out of both (their lead too).
      ["x0", 0, minutes(1)],
      ["x0", 1, minutes(2)],
    ]);
    // Page views of another experiment, and without any, count for none of this one.
    await exposures("0000beef", [["c5", 1, minutes(3)]]);
    await handle.db.insert(analyticsEvents).values({ at: minutes(4), day: "2026-11-01", visitorId: visitor("plain"), path: "/", device: "mobile" });
    await lead("plain", minutes(40));

    // Control: three free-audit leads after exposure (one won with its value set, one qualified), a
    // message, and a lead sent before the visitor first saw the page (not counted).
    await lead("c0", minutes(10));
    await lead("c1", minutes(11), { status: "won", dealValue: 50_000 });
    await lead("c4", minutes(12), { status: "qualified" });
    await message("c2", minutes(13));
    await lead("c3", minutes(-5), { status: "won", dealValue: 900_000 });
    await lead("x0", minutes(14), { status: "won", dealValue: 70_000 });
    // The challenger: four free-audit leads from three visitors (one won at its package's price, one
    // qualified), a call booked and confirmed (its lead made by the booking page), a call only held,
    // and a message.
    await lead("v0", minutes(20), { status: "won", service: package_.serviceTitle, package: package_.name });
    await lead("v1", minutes(21), { status: "qualified" });
    await lead("v2", minutes(22));
    await lead("v2", minutes(23));
    const booked = await lead("v3", minutes(24), { attribution: { form_page: "/book" } });
    await booking(booked.id, minutes(24), true);
    await booking(null, minutes(25), false, "v4");
    await message("v5", minutes(26));

    const results = await experimentResults(experiment, new Date("2026-11-20T09:00:00Z"));
    const figures = results.variants.map(({ name, visitors, leads: byForm, bookedCalls, qualified, won, wonValue, goal }) => ({
      name,
      visitors,
      byForm,
      bookedCalls,
      qualified,
      won,
      wonValue,
      conversions: goal.conversions,
    }));
    const packagePrice = dealValueOf({ service: package_.serviceTitle, package: package_.name })!;
    expect(packagePrice).toBeGreaterThan(0);
    expect(figures).toEqual([
      { name: "Control", visitors: 10, byForm: { freeAudit: 3, contact: 1 }, bookedCalls: 0, qualified: 2, won: 1, wonValue: 50_000, conversions: 3 },
      {
        name: "Outcome first",
        visitors: 12,
        byForm: { freeAudit: 4, contact: 1 },
        bookedCalls: 1,
        qualified: 2,
        won: 1,
        wonValue: packagePrice,
        conversions: 3,
      },
    ]);
    expect(results.crossovers).toBe(1);
    expect(results.warnings.join(" ")).toMatch(/1 visitor was seen in more than one variant and is left out of the figures/);
    expect(results.daysRun).toBe(19);
    // The rate and its interval, and the comparison, are the statistics module's on these counts.
    expect(results.variants[0]!.goal).toMatchObject({ visitors: 10, conversions: 3, rate: 0.3 });
    expect(results.variants[1]!.comparison!.chanceToBeatControl).toBeGreaterThan(0);
    expect(results.variants[0]!.comparison).toBeNull();
  });

  it("sums won value per variant by the lead desk's one definition of a deal's value", async () => {
    const experiment = await running({ goal: "won-value" });
    const choices = packageChoices();
    await exposures(experiment.key, [
      ["a", 0, minutes(0)],
      ["b", 0, minutes(0)],
      ["c", 1, minutes(0)],
      ["d", 1, minutes(0)],
    ]);
    await lead("a", minutes(5), { status: "won", dealValue: 12_345 });
    await lead("b", minutes(5), { status: "won", service: choices[1]!.serviceTitle, package: choices[1]!.name });
    await lead("c", minutes(5), { status: "won", dealValue: 0, service: choices[0]!.serviceTitle, package: choices[0]!.name });
    await lead("d", minutes(5), { status: "won", service: "No such service", package: "None" });
    await lead("d", minutes(6), { status: "lost", dealValue: 99_999 });
    const results = await experimentResults(experiment, minutes(60));
    // The lead desk's rule on the same rows, variant by variant.
    const rows = await handle.db.select().from(leads).where(eq(leads.status, "won"));
    const byVisitor = (names: string[]) => rows.filter((r) => names.some((n) => r.visitorId === visitor(n))).reduce((sum, r) => sum + (dealValueOf(r) ?? 0), 0);
    expect(results.variants.map((v) => v.wonValue)).toEqual([byVisitor(["a", "b"]), byVisitor(["c", "d"])]);
    expect(results.variants.map((v) => v.won)).toEqual([2, 2]);
    expect(results.variants[1]!.wonValue).toBe(0);
    expect(results.warnings.join(" ")).toMatch(/Won value is judged on the share of visitors who won a deal/);
  });

  it("withholds the winner when the split is broken (800 against 200 on 50/50), with a warning", async () => {
    const experiment = await running({ minDays: 1 });
    await exposures(experiment.key, [
      ...Array.from({ length: 800 }, (_, i) => [`s${i}`, 0, minutes(i % 60)] as [string, number, Date]),
      ...Array.from({ length: 200 }, (_, i) => [`t${i}`, 1, minutes(i % 60)] as [string, number, Date]),
    ]);
    // The challenger converts far better: on a sound split this would be called.
    for (let i = 0; i < 100; i++) await lead(`t${i}`, minutes(90));
    for (let i = 0; i < 8; i++) await lead(`s${i}`, minutes(90));
    const results = await experimentResults(experiment, new Date(START.getTime() + 3 * 86_400_000));
    expect(results.variants[1]!.comparison!.chanceToBeatControl).toBeGreaterThan(0.999);
    expect(results.sampleRatio).toMatchObject({ evaluated: true, isMismatch: true });
    expect(results.verdict).toEqual({ kind: "none", reason: "sample-ratio" });
    expect(results.warnings[0]).toMatch(/not split as the weights say.*no winner is called/);
  });

  it("calls the winner on a sound split once the minimum days are run, and not before", async () => {
    const experiment = await running({ minDays: 7 });
    await exposures(experiment.key, [
      ...Array.from({ length: 500 }, (_, i) => [`p${i}`, 0, minutes(i % 60)] as [string, number, Date]),
      ...Array.from({ length: 500 }, (_, i) => [`q${i}`, 1, minutes(i % 60)] as [string, number, Date]),
    ]);
    for (let i = 0; i < 60; i++) await lead(`q${i}`, minutes(90));
    for (let i = 0; i < 20; i++) await lead(`p${i}`, minutes(90));
    const early = await experimentResults(experiment, new Date(START.getTime() + 3 * 86_400_000));
    expect(early.sampleRatio).toMatchObject({ evaluated: true, isMismatch: false });
    expect(early.verdict).toEqual({ kind: "none", reason: "too-early" });
    expect(early.warnings.join(" ")).toMatch(/It has run 3 of its 7 days: no winner is called before then/);
    const later = await experimentResults(experiment, new Date(START.getTime() + 8 * 86_400_000));
    expect(later.verdict).toEqual({ kind: "winner", variant: 1 });
    expect(later.warnings).toEqual([]);
  });

  it("counts days from the start to the stop, or to now while it runs", () => {
    expect(daysRun({ startedAt: null, stoppedAt: null })).toBe(0);
    expect(daysRun({ startedAt: START, stoppedAt: null }, new Date(START.getTime() + 2.5 * 86_400_000))).toBe(2);
    expect(daysRun({ startedAt: START, stoppedAt: new Date(START.getTime() + 86_400_000) }, new Date("2030-01-01"))).toBe(1);
  });
});
