import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getService } from "@/content/services";
import { homeCaseStudies, jewelryCaseStudy, sampleAuthors } from "@/content/samples";
import { caseStudySlugFromTitle } from "@/lib/case-studies";
import { setUpTestDatabase } from "./helpers/test-db";

// Case studies at their own addresses and the team (docs/decisions/0103): slugs made from the title
// and kept unique, a taken one refused with nothing changed, a published study's rename leaving a 301,
// only published studies answering, the sitemap, the service pages' studies and strategist, and the
// team as the dashboard's Authors ticked for it, in their order. Saves go through the dashboard's
// own action (its role check mocked to an editor), as the dialog sends them.
const requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
const actor = { id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true, role: "editor" };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({ requireRole: async () => actor, AccessDeniedError: class extends Error {} }));

const { saveRecord } = await import("@/server/dashboard/admin-actions");
const { getCaseStudyPage, listCaseStudySitemapEntries, listServiceCaseStudies, listFeaturedCaseStudies } = await import("@/server/content/data/case-studies");
const { listTeam, serviceStrategist } = await import("@/server/content/data/authors");
const { authors, caseStudies, redirects } = await import("@/server/kernel/db/schema");
const { prepareDatabase } = await import("@/server/kernel/db/prepare");
const { default: sitemap } = await import("@/app/sitemap");
const { siteConfig } = await import("@/server/kernel/site-config");

const handle = setUpTestDatabase();
beforeAll(async () => {
  await prepareDatabase(handle);
});

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const studyForm = (fields: Record<string, string>) => form({ companyName: "Test Co", featured: "on", services: "Paid Ads", ...fields });

async function studyBy(title: string) {
  const [row] = await handle.db.select().from(caseStudies).where(eq(caseStudies.title, title));
  return row!;
}

describe("a case study's slug", () => {
  it("the seed's studies have their titles' slugs", async () => {
    for (const sample of [...homeCaseStudies, jewelryCaseStudy]) expect((await studyBy(sample.title)).slug).toBe(caseStudySlugFromTitle(sample.title));
  });

  it("left empty, is made from the title, numbered when another study has it", async () => {
    expect((await saveRecord("case-studies", null, studyForm({ title: "Doubled Repeat Orders", slug: "" }))).status).toBe("success");
    const first = await handle.db.select().from(caseStudies).where(eq(caseStudies.title, "Doubled Repeat Orders"));
    expect(first.map((r) => r.slug)).toEqual(["doubled-repeat-orders"]);
    expect((await saveRecord("case-studies", null, studyForm({ title: "Doubled  Repeat Orders!", slug: "" }))).status).toBe("success");
    expect((await studyBy("Doubled Repeat Orders!")).slug).toBe("doubled-repeat-orders-2");
  });

  it("saved at once: five studies of one title get five numbered slugs; five typing one slug, one stored and four refused beside the field", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => saveRecord("case-studies", null, studyForm({ title: "Same Time Study", slug: "" }))));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill("success"));
    const made = await handle.db.select({ slug: caseStudies.slug }).from(caseStudies).where(eq(caseStudies.title, "Same Time Study"));
    expect(made.map((r) => r.slug).sort()).toEqual(["same-time-study", "same-time-study-2", "same-time-study-3", "same-time-study-4", "same-time-study-5"]);

    const typed = await Promise.all(
      Array.from({ length: 5 }, (_, i) => saveRecord("case-studies", null, studyForm({ title: `Typed Slug Study ${i}`, slug: "one-typed-slug" }))),
    );
    expect(typed.filter((a) => a.status === "success")).toHaveLength(1);
    for (const refused of typed.filter((a) => a.status !== "success")) {
      expect(refused).toMatchObject({ status: "invalid", fieldErrors: { slug: expect.stringMatching(/already used by another case study/) } });
    }
    expect(await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, "one-typed-slug"))).toHaveLength(1);
  });

  it("typed, one another study has is refused beside its field, and nothing is stored", async () => {
    const before = await handle.db.select({ id: caseStudies.id }).from(caseStudies);
    const answer = await saveRecord("case-studies", null, studyForm({ title: "Another study", slug: "doubled-repeat-orders" }));
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { slug: expect.stringMatching(/already used by another case study/) } });
    expect(await handle.db.select({ id: caseStudies.id }).from(caseStudies)).toHaveLength(before.length);
  });

  it("typed badly, is refused with how to write one", async () => {
    const answer = await saveRecord("case-studies", null, studyForm({ title: "Bad slug", slug: "Not A Slug" }));
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { slug: expect.stringMatching(/lower-case letters, digits and single hyphens/) } });
  });

  it("changed on a published study, leaves a 301 from the old address; the old one no longer answers, the new one does", async () => {
    expect((await saveRecord("case-studies", null, studyForm({ title: "Moving study", slug: "moving-before" }))).status).toBe("success");
    const { id } = await studyBy("Moving study");
    expect((await saveRecord("case-studies", id, studyForm({ title: "Moving study", slug: "moving-after" }))).status).toBe("success");
    const [rule] = await handle.db.select().from(redirects).where(eq(redirects.source, "/case-studies/moving-before"));
    expect(rule).toMatchObject({ target: "/case-studies/moving-after", status: 301 });
    expect(await getCaseStudyPage("moving-before")).toBeUndefined();
    expect((await getCaseStudyPage("moving-after"))?.study.id).toBe(id);
    // Moved back: the address is a live page again, its redirect goes, and the other way is kept.
    expect((await saveRecord("case-studies", id, studyForm({ title: "Moving study", slug: "moving-before" }))).status).toBe("success");
    const rules = await handle.db.select({ source: redirects.source, target: redirects.target }).from(redirects);
    expect(rules).toContainEqual({ source: "/case-studies/moving-after", target: "/case-studies/moving-before" });
    expect(rules.find((r) => r.source === "/case-studies/moving-before")).toBeUndefined();
  });

  it("changed on an unpublished study, leaves no redirect (it would reveal the study)", async () => {
    expect((await saveRecord("case-studies", null, form({ title: "Hidden study", slug: "hidden-before", companyName: "Hidden Co" }))).status).toBe("success");
    const { id } = await studyBy("Hidden study");
    expect((await saveRecord("case-studies", id, form({ title: "Hidden study", slug: "hidden-after", companyName: "Hidden Co" }))).status).toBe("success");
    expect(await handle.db.select().from(redirects).where(eq(redirects.source, "/case-studies/hidden-before"))).toEqual([]);
  });

  it("left empty on an edit, stays what it was", async () => {
    const { id } = await studyBy("Doubled Repeat Orders");
    expect((await saveRecord("case-studies", id, studyForm({ title: "Doubled Repeat Orders", slug: "" }))).status).toBe("success");
    expect((await studyBy("Doubled Repeat Orders")).slug).toBe("doubled-repeat-orders");
  });
});

describe("the public reads", () => {
  it("a published study's page has it with its neighbours in the list's order; unknown and unpublished slugs have none", async () => {
    const list = await listFeaturedCaseStudies();
    const middle = list[1]!;
    const page = (await getCaseStudyPage(middle.slug))!;
    expect(page.study.id).toBe(middle.id);
    expect(page.previous?.slug).toBe(list[0]!.slug);
    expect(page.next?.slug).toBe(list[2]?.slug);
    expect((await getCaseStudyPage(list[0]!.slug))!.previous).toBeNull();
    expect((await getCaseStudyPage(list.at(-1)!.slug))!.next).toBeNull();
    expect(await getCaseStudyPage("no-such-study")).toBeUndefined();
    expect(await getCaseStudyPage("hidden-after")).toBeUndefined();
  });

  it("the sitemap lists every published study's address and no unpublished one", async () => {
    const { url } = siteConfig();
    const listed = (await sitemap()).map((e) => e.url);
    for (const entry of await listCaseStudySitemapEntries()) expect(listed).toContain(`${url}/case-studies/${entry.slug}`);
    expect(listed).toContain(`${url}/case-studies/${caseStudySlugFromTitle(jewelryCaseStudy.title)}`);
    expect(listed).toContain(`${url}/team`);
    expect(listed).not.toContain(`${url}/case-studies/hidden-after`);
  });

  it("a service page's studies are published ones that name it, at most two; a service none names has none", async () => {
    const seo = await listServiceCaseStudies(getService("seo-optimization")!);
    expect(seo.length).toBeGreaterThan(0);
    expect(seo.length).toBeLessThanOrEqual(2);
    for (const study of seo) expect(study.services.some((s) => /^seo( optimization)?$/i.test(s))).toBe(true);
    expect(await listServiceCaseStudies(getService("growth-consulting")!)).toEqual([]);
  });
});

describe("the team", () => {
  it("a fresh install's team is the sample people, in their order, each with a role and a line", async () => {
    const team = await listTeam();
    const expected = [...sampleAuthors].sort((a, b) => a.teamPosition - b.teamPosition).map((a) => a.name);
    expect(team.map((m) => m.name)).toEqual(expected);
    for (const member of team) expect(member.role && member.teamLine, member.name).toBeTruthy();
  });

  it("an author not ticked for the team page is not on it; ticked with a position, is placed by it", async () => {
    const guest = { name: "Guest Writer", role: "Contributor", teamPosition: "" };
    expect((await saveRecord("authors", null, form(guest))).status).toBe("success");
    expect((await listTeam()).map((m) => m.name)).not.toContain("Guest Writer");
    const [row] = await handle.db.select({ id: authors.id, teamPosition: authors.teamPosition }).from(authors).where(eq(authors.name, "Guest Writer"));
    expect(row!.teamPosition).toBe(100);
    const answer = await saveRecord("authors", row!.id, form({ ...guest, onTeamPage: "on", teamPosition: "1", teamLine: "Writes for us." }));
    expect(answer.status).toBe("success");
    expect((await listTeam())[0]).toMatchObject({ name: "Guest Writer", teamLine: "Writes for us." });
  });

  it("a position out of range or an unknown service is refused beside its field, nothing changed", async () => {
    const [row] = await handle.db.select().from(authors).where(eq(authors.name, "Guest Writer"));
    for (const [fields, field] of [
      [{ teamPosition: "0" }, "teamPosition"],
      [{ teamPosition: "two" }, "teamPosition"],
      [{ leadsService: "astrology" }, "leadsService"],
    ] as const) {
      const answer = await saveRecord("authors", row!.id, form({ name: "Guest Writer", onTeamPage: "on", ...fields }));
      expect(answer.status, field).toBe("invalid");
      expect(answer.fieldErrors?.[field], field).toBeTruthy();
    }
    const [after] = await handle.db.select().from(authors).where(eq(authors.name, "Guest Writer"));
    expect(after).toEqual(row);
  });

  it("each service page's strategist is the team member who leads it; nobody when nobody on the team does", async () => {
    for (const sample of sampleAuthors) expect((await serviceStrategist(sample.leadsService))?.name).toBe(sample.name);
    const [kavya] = await handle.db.select({ id: authors.id }).from(authors).where(eq(authors.name, "Kavya Rao"));
    const kavyaSample = sampleAuthors.find((a) => a.name === "Kavya Rao")!;
    // Off the team page: no longer named on the service's page.
    expect(
      (
        await saveRecord(
          "authors",
          kavya!.id,
          form({ name: kavyaSample.name, role: kavyaSample.role, leadsService: kavyaSample.leadsService, teamPosition: "1" }),
        )
      ).status,
    ).toBe("success");
    expect(await serviceStrategist(kavyaSample.leadsService)).toBeNull();
  });
});

// Migration 0030 on a database that already has case studies: each gets its title's slug, two with
// one title each their own, before the unique index is built.
const DRIZZLE = path.resolve(import.meta.dirname, "../drizzle");
const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0029-"));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

it("the migration gives existing studies unique slugs from their titles", async () => {
  fs.cpSync(DRIZZLE, before, { recursive: true });
  const journalPath = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const index = journal.entries.find((e) => e.tag.endsWith("_case_studies_slugs_and_team"))!.idx;
  journal.entries = journal.entries.filter((e) => e.idx < index);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  await client.query(
    `insert into case_studies (title, company_name, created_at) values
      ('AshrayLiving: From ₹18 Lakh to ₹62 Lakh', 'A', '2025-01-01'),
      ('Same Title', 'B', '2025-01-02'),
      ('Same  title!', 'C', '2025-01-03'),
      ('₹₹₹', 'D', '2025-01-04')`,
  );
  await migrate(db, { migrationsFolder: DRIZZLE });
  const { rows } = await client.query<{ company_name: string; slug: string; id: string }>(
    "select company_name, slug, id::text from case_studies order by company_name",
  );
  expect(rows.map((r) => r.slug.replace(r.id.slice(0, 8), "<id>"))).toEqual([
    "ashrayliving-from-18-lakh-to-62-lakh",
    "same-title",
    "same-title-<id>",
    "case-study",
  ]);
  await client.close();
});
