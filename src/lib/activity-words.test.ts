import { describe, expect, it } from "vitest";
import { activityActionWords, activityFieldLabel, activityRecordName, activityValueWords } from "./activity-words";

describe("the Activity screen in words", () => {
  it("names a record's action with its table's noun, and known actions as sentences", () => {
    expect(activityActionWords("update", "blog_posts")).toBe("Blog Post edited");
    expect(activityActionWords("create", "leads")).toBe("Lead added");
    expect(activityActionWords("status", "contact_messages")).toBe("Contact Message status changed");
    expect(activityActionWords("blog_posts.preview-link", "blog_posts")).toBe("Blog Post preview link made");
    expect(activityActionWords("auth.sign-in", null)).toBe("Signed in");
    expect(activityActionWords("calendar.disconnect", null)).toBe("Calendar disconnected");
  });

  it("names the record by its title or name, and each field by its form label", () => {
    expect(activityRecordName({ title: "Old" }, { title: "New title" })).toBe("New title");
    expect(activityRecordName({ name: "Meera" }, null)).toBe("Meera");
    expect(activityRecordName(null, { status: "won" })).toBeNull();
    expect(activityFieldLabel("blog_posts", "published")).toBe("Published");
    expect(activityFieldLabel("case_studies", "companyName")).toBe("Company name");
    expect(activityFieldLabel(null, "followUpOn")).toBe("Follow up on");
  });

  it("shows values as the forms do: yes/no, dates as dates, statuses by their labels", () => {
    expect(activityValueWords("blog_posts", "published", false)).toBe("no");
    expect(activityValueWords("blog_posts", "published", true)).toBe("yes");
    expect(activityValueWords("blog_posts", "publishAt", "2026-11-24T04:00:00.000Z")).toMatch(/^24 Nov 2026, 09:30\s?am IST$/);
    expect(activityValueWords("leads", "status", "contacted")).toBe("Contacted");
    expect(activityValueWords("leads", "notes", null)).toBe("(empty)");
    expect(activityValueWords("blog_posts", "tags", ["seo", "ads"])).toBe("seo, ads");
  });

  it("names an owner by the member's name; an id it does not know stays as it is", () => {
    const members = { "u-1": "Priya Nair" };
    expect(activityValueWords("leads", "ownerId", "u-1", members)).toBe("Priya Nair");
    expect(activityValueWords("leads", "ownerId", "u-gone", members)).toBe("u-gone");
    expect(activityValueWords("leads", "notes", "u-1", members)).toBe("u-1");
  });
});

describe("the Activity filter's choices in words", () => {
  it("names actions and tables as staff do, never by their stored keys", async () => {
    const { activityActionLabel, activityTableLabel } = await import("./activity-words");
    expect(activityActionLabel("api_key.create")).toBe("API key made");
    expect(activityActionLabel("create")).toBe("Added");
    expect(activityActionLabel("auth.sign-in")).toBe("Signed in");
    expect(activityTableLabel("booking_hosts")).toBe("Call availability");
    expect(activityTableLabel("profiles")).toBe("Team roles");
    expect(activityTableLabel("leads")).toBe("Leads");
    for (const key of ["api_key.create", "booking.availability", "webhook.add", "newsletter.send"]) expect(activityActionLabel(key)).not.toMatch(/[._]/);
  });
});
