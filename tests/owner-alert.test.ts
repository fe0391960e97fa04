import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { notifications, profiles, users } from "@/server/kernel/db/schema";
import { ownerEmails } from "@/server/kernel/session/data/profiles";
import { queueOwnersMail } from "@/server/booking/data/bookings";
import { bookingLimitAlert } from "@/server/booking/mails";
import { setUpTestDatabase } from "./helpers/test-db";

// Mail meant for the owners alone (the booking limit's alert) goes to the owners who can act on it:
// owners on a verified address, and nobody of another role.
const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications cascade`);
  await handle.db.execute(sql`delete from users where id like 'alert-%'`);
  await handle.db.update(profiles).set({ role: "user" }).where(eq(profiles.role, "owner"));
});

async function member(id: string, role: string, verified = true) {
  await handle.db.insert(users).values({ id, name: id, email: `${id}@agency.test`, emailVerified: verified });
  await handle.db.insert(profiles).values({ userId: id, role });
}

describe("the owners' alert", () => {
  it("goes to every verified owner, not to an unverified owner or another role", async () => {
    await member("alert-owner-b", "owner");
    await member("alert-owner-a", "owner");
    await member("alert-owner-unverified", "owner", false);
    await member("alert-admin", "admin");
    await member("alert-sales", "sales");
    expect(await ownerEmails()).toEqual(["alert-owner-a@agency.test", "alert-owner-b@agency.test"]);

    expect(await queueOwnersMail((owners) => bookingLimitAlert(owners, 20))).toBe(2);
    const [alert] = await handle.db.select().from(notifications).where(eq(notifications.kind, "booking-limit-alert"));
    expect(alert!.recipients).toEqual(["alert-owner-a@agency.test", "alert-owner-b@agency.test"]);
    // In staff's terms: how many calls the hour took, that they are only held, and where to look.
    expect(alert!.textBody).toContain("has taken 20 calls within the last hour, the most it takes in an hour");
    expect(alert!.textBody).toContain("only held until each visitor confirms");
    expect(alert!.textBody).not.toMatch(/More than 20|write to us/);
  });

  it("queues nothing when the site has no verified owner", async () => {
    await member("alert-owner-unverified", "owner", false);
    expect(await queueOwnersMail((owners) => bookingLimitAlert(owners, 20))).toBe(0);
    expect(await handle.db.$count(notifications)).toBe(0);
  });
});
