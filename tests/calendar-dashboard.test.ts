import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { radicaleMissing, startRadicale, type Radicale, type RadicaleUser } from "./helpers/radicale";
import { request } from "./helpers/next-mocks";
import { signedInMember } from "./helpers/signed-in";
import { setUpTestDatabase } from "./helpers/test-db";

// The Account screen's Calendar section (docs/calendar.md): connect against a real Radicale as every
// role (an account without one is refused and nothing is stored), errors in words beside the right
// field with nothing saved and nothing lost, the password never echoed and never in the trail, test,
// choose, disconnect, each with its activity row; a foreign origin changes nothing.

// Radicale listens on 127.0.0.1: the test switch, as in development.
process.env.CALENDAR_ALLOW_PRIVATE_TARGETS = "true";

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
request.headers = new Headers({ host: "localhost:3999", origin: SITE });

const { activityEvents, calendarBusy, calendarConnections } = await import("@/server/kernel/db/schema");
const calendar = await import("@/server/booking/calendar-actions");

const missing = radicaleMissing();
if (missing) console.warn(`calendar-dashboard tests skipped: ${missing}`);

const handle = setUpTestDatabase();
const IDLE = { status: "idle" } as const;
const CAL_USERS: RadicaleUser[] = [
  { name: "owner", password: "Cal-Owner-Secret-1" },
  { name: "admin", password: "Cal-Admin-Secret-2" },
  { name: "editor", password: "Cal-Editor-Secret-3" },
  { name: "sales", password: "Cal-Sales-Secret-4" },
  { name: "user", password: "Cal-User-Secret-5" },
];
let radicale: Radicale;

async function member(role: string): Promise<{ id: string; cookie: string }> {
  const { id, cookie } = await signedInMember(handle.db, role, { prefix: "cal", ip: "203.0.113.9" });
  return { id, cookie };
}
const as = (cookie: string, origin = SITE) => (request.headers = new Headers({ host: "localhost:3999", origin, cookie }));
const formOf = (values: Record<string, string | undefined>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) form.set(k, v);
  return form;
};
const connect = (values: Record<string, string | undefined>) => calendar.connectCalendarAction(IDLE, formOf(values));
const connectionOf = async (userId: string) => (await handle.db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId)))[0] ?? null;
const activityOf = async (userId: string) =>
  (await handle.db.select().from(activityEvents).where(eq(activityEvents.userId, userId))).filter((row) => row.action.startsWith("calendar."));

beforeAll(async () => {
  if (missing) return;
  radicale = await startRadicale(CAL_USERS);
});
afterAll(async () => {
  await radicale?.stop();
});

describe.skipIf(missing !== null)("the Calendar section", () => {
  it("connects for every role, reads the busy times, and records the change without the password", async () => {
    for (const role of ["owner", "admin", "editor", "sales"] as const) {
      const { id, cookie } = await member(role);
      as(cookie);
      const user = CAL_USERS.find((u) => u.name === role)!;
      const answer = await connect({ serverUrl: radicale.url, username: user.name, password: user.password });
      expect(answer, role).toMatchObject({ status: "success", title: "Calendar connected" });
      expect(answer.message).toContain(`“${role}'s calendar”`);
      expect(answer.message).toContain("Your busy times were read.");
      const row = await connectionOf(id);
      expect(row).toMatchObject({ serverUrl: radicale.url, username: role, calendarUrl: radicale.calendarUrl(role), lastError: null });
      expect(row!.lastSyncedAt).not.toBeNull();
      expect(row!.passwordEncrypted).not.toContain(user.password);
      const rows = await activityOf(id);
      expect(rows.map((r) => r.action)).toEqual(["calendar.connect"]);
      expect(JSON.stringify(rows)).not.toContain(user.password);
      expect(rows[0]!.after).toMatchObject({ serverUrl: radicale.url, username: role });
    }
  });

  it("refuses an account without a role, storing nothing", async () => {
    const { id, cookie } = await member("user");
    as(cookie);
    const answer = await connect({ serverUrl: radicale.url, username: "user", password: "Cal-User-Secret-5" });
    expect(answer.status).toBe("refused");
    expect(await connectionOf(id)).toBeNull();
  });

  it("refuses a post from another site, storing nothing", async () => {
    const { id, cookie } = await member("sales");
    as(cookie, "https://evil.example");
    expect((await connect({ serverUrl: radicale.url, username: "sales", password: "Cal-Sales-Secret-4" })).status).toBe("refused");
    as(cookie, "https://evil.example");
    expect((await calendar.disconnectCalendarAction(IDLE, formOf({}))).status).toBe("refused");
    expect(await connectionOf(id)).toBeNull();
  });

  it("says what is wrong beside the right field, keeps what was typed (never the password), and saves nothing", async () => {
    const { id, cookie } = await member("editor");
    as(cookie);
    const wrong = await connect({ serverUrl: radicale.url, username: "editor", password: "not-the-password" });
    expect(wrong).toMatchObject({ status: "invalid", title: "Not connected" });
    expect(wrong.fieldErrors?.password).toMatch(/did not accept this user name and password/);
    expect(wrong.values).toEqual({ serverUrl: radicale.url, username: "editor" });

    const noScheme = await connect({ serverUrl: "caldav.example.com", username: "editor", password: "x" });
    expect(noScheme.fieldErrors?.serverUrl).toMatch(/https:\/\//);
    const blank = await connect({ serverUrl: "", username: "", password: "" });
    expect(blank.fieldErrors).toMatchObject({ serverUrl: expect.any(String), username: expect.any(String) });
    const noPassword = await connect({ serverUrl: radicale.url, username: "editor", password: "" });
    expect(noPassword.fieldErrors?.password).toMatch(/Enter the password/);
    const huge = await connect({ serverUrl: radicale.url, username: "editor", password: "x".repeat(100_000) });
    expect(huge.fieldErrors?.password).toMatch(/too long/);
    expect(await connectionOf(id)).toBeNull();
    expect(await activityOf(id)).toEqual([]);
  });

  it("tests, keeps the stored password when left blank, and disconnects, each with its row", async () => {
    const { id, cookie } = await member("admin");
    as(cookie);
    const user = CAL_USERS.find((u) => u.name === "admin")!;
    expect((await connect({ serverUrl: radicale.url, username: "admin", password: user.password })).status).toBe("success");
    const test = await calendar.testCalendarAction(IDLE, formOf({}));
    expect(test).toMatchObject({ status: "success", title: "Connection works" });
    expect(test.message).toBe("The connection works. Calendars found: admin's calendar (in use).");

    // Saved again with the password left blank: the stored one is used (and still works).
    const before = (await connectionOf(id))!.passwordEncrypted;
    const again = await connect({ serverUrl: radicale.url, username: "admin", password: "" });
    expect(again.status).toBe("success");
    expect((await connectionOf(id))!.passwordEncrypted).not.toBe(before); // a fresh IV
    expect((await activityOf(id)).map((r) => r.action)).toEqual(["calendar.connect", "calendar.update"]);

    // The choice accepts only a calendar found, and refuses the one in use.
    const foreign = await calendar.chooseCalendarAction(IDLE, formOf({ calendarUrl: radicale.calendarUrl("owner") }));
    expect(foreign.fieldErrors?.calendarUrl).toMatch(/Choose one of the calendars found/);
    const same = await calendar.chooseCalendarAction(IDLE, formOf({ calendarUrl: radicale.calendarUrl("admin") }));
    expect(same.fieldErrors?.calendarUrl).toMatch(/already the calendar in use/);
    expect((await connectionOf(id))!.calendarUrl).toBe(radicale.calendarUrl("admin"));

    // The server's password changes: the test says so and keeps it as the last error.
    await handle.db
      .update(calendarConnections)
      .set({ passwordEncrypted: (await import("@/server/booking/calendar-sync/secret")).encryptPassword("old") })
      .where(eq(calendarConnections.userId, id));
    const failing = await calendar.testCalendarAction(IDLE, formOf({}));
    expect(failing).toMatchObject({ status: "error", title: "Connection failed" });
    expect((await connectionOf(id))!.lastError).toMatch(/did not accept/);

    await handle.db.insert(calendarBusy).values({ userId: id, startsAt: new Date(), endsAt: new Date(Date.now() + 60_000) });
    const gone = await calendar.disconnectCalendarAction(IDLE, formOf({}));
    expect(gone).toMatchObject({ status: "success", title: "Calendar disconnected" });
    expect(await connectionOf(id)).toBeNull();
    expect(await handle.db.select().from(calendarBusy).where(eq(calendarBusy.userId, id))).toEqual([]);
    expect((await activityOf(id)).map((r) => r.action)).toEqual(["calendar.connect", "calendar.update", "calendar.disconnect"]);
    expect((await calendar.disconnectCalendarAction(IDLE, formOf({}))).status).toBe("error");
  });
});
