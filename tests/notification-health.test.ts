import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The dashboard's banner about undelivered notifications and its retry (ADR 0044), on a real
// database and a real SMTP server. The role check is proven end-to-end; here it lets the admin through.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "test-admin", email: "admin@test.example", name: "Admin", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { notificationHealth } = await import("@/server/dashboard/data/notification-health");
const { retryFailedNotifications } = await import("@/server/dashboard/admin-actions");
const { smtpTransport } = await import("@/server/kernel/mail/mail");
const { deliverPendingMail } = await import("./helpers/mail");
const { createLead } = await import("@/server/leads/data/leads");
const { FreeAuditSchema } = await import("@/lib/schemas/lead-forms");
const { activityEvents, notifications } = await import("@/server/kernel/db/schema");
const { startSmtpServer } = await import("./helpers/smtp");

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits, acknowledged_senders cascade`);
});

const lead = (n: number) =>
  FreeAuditSchema.parse({ name: `Lead ${n}`, email: `lead${n}@brand.in`, mobileNumber: "9876543210", monthlyRevenue: "0-10L/month", growthChallenge: "x" });

/** A port nothing listens on: every attempt fails with the connection's own answer. */
const deadTransport = () => smtpTransport({ host: "127.0.0.1", port: 9, secure: false });

describe("notifications you can trust", () => {
  it("nothing to show while every notification is delivered or waiting for its first attempt", async () => {
    await createLead(lead(1), {}, null);
    expect(await notificationHealth()).toEqual({ failed: 0, retrying: 0, since: null, lastError: null });
  });

  it("shows failing and given-up notifications, since when and the last answer; retry sends them", async () => {
    await createLead(lead(2), {}, null);
    await createLead(lead(3), {}, null);
    // Every attempt of the two notifications and two acknowledgements fails.
    await deliverPendingMail(deadTransport());
    let health = await notificationHealth();
    expect(health).toMatchObject({ failed: 0, retrying: 4 });
    expect(health.lastError).toMatch(/ECONNREFUSED/);
    const [oldest] = await handle.db.select().from(notifications).orderBy(notifications.createdAt).limit(1);
    expect(health.since).toEqual(oldest!.createdAt);

    // One of them fails its last try and is given up: still shown, never silent.
    const [one] = await handle.db.select().from(notifications).where(eq(notifications.kind, "lead")).limit(1);
    await deliverPendingMail(deadTransport(), { lastTry: (id) => id === one!.id });
    health = await notificationHealth();
    expect(health.failed).toBe(1);
    expect(health.failed + health.retrying).toBe(4);

    // Retry: every one is due now (the given-up one with a fresh count) and goes out once the server answers.
    expect(await retryFailedNotifications()).toMatchObject({ status: "success", message: "4 notifications queued to be sent again now." });
    // Each one queued again is in the activity trail under its own id.
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "notifications.retry"));
    expect(trail.map((r) => r.recordId).sort()).toEqual((await handle.db.select({ id: notifications.id }).from(notifications)).map((r) => r.id).sort());
    const smtp = await startSmtpServer();
    try {
      const { sent } = await deliverPendingMail(smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false }));
      expect(sent).toBe(4);
      expect(smtp.messages).toHaveLength(4);
    } finally {
      await smtp.close();
    }
    expect(await notificationHealth()).toEqual({ failed: 0, retrying: 0, since: null, lastError: null });
  });
});
