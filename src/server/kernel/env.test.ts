import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, parseEnv } from "./env";

describe("configuration", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NOTIFY_EMAILS).toEqual(["hello@kineticgrowth.in"]);
    expect(env.SOCIAL_LINKEDIN_URL).toBeUndefined();
    expect([env.MAIL_RETRY_SECONDS, env.MAIL_RETRY_MAX_SECONDS]).toEqual([15, 3600]);
  });

  it("derives SITE_URL from PORT when it is unset", () => {
    expect(parseEnv({ PORT: "3950" }).SITE_URL).toBe("http://localhost:3950");
    expect(parseEnv({ PORT: "3950", SITE_URL: "https://example.com" }).SITE_URL).toBe("https://example.com");
    expect(parseEnv({ PORT: "3950", SITE_URL: "" }).SITE_URL).toBe("http://localhost:3950");
  });

  it("warns in production when SITE_URL is unset, naming the variable", () => {
    const warnings = configWarnings(parseEnv({ NODE_ENV: "production", PORT: "8080" }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SITE_URL is not set/);
    expect(warnings[0]).toContain("http://localhost:8080");
    expect(configWarnings(parseEnv({ NODE_ENV: "production", SITE_URL: "https://example.com" }))).toEqual([]);
    expect(configWarnings(parseEnv({ NODE_ENV: "development" }))).toEqual([]);
  });

  it("normalises values", () => {
    const env = parseEnv({ SITE_URL: "https://example.com/", NOTIFY_EMAILS: " A@x.in, b@y.in ,", DATABASE_URL: "" });
    expect(env.SITE_URL).toBe("https://example.com");
    expect(env.NOTIFY_EMAILS).toEqual(["a@x.in", "b@y.in"]);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads the digest's time of day as HH:MM and refuses anything else, naming the variable", () => {
    expect(parseEnv({}).FOLLOW_UP_DIGEST_AT).toBe("08:00");
    expect(parseEnv({ FOLLOW_UP_DIGEST_AT: " 07:30 " }).FOLLOW_UP_DIGEST_AT).toBe("07:30");
    for (const bad of ["8:00", "24:00", "07:60", "morning"]) expect(() => parseEnv({ FOLLOW_UP_DIGEST_AT: bad }), bad).toThrow(/FOLLOW_UP_DIGEST_AT/);
  });

  it("reads ACTIVITY_RETENTION_DAYS, or AUDIT_RETENTION_DAYS, its former name, when it is unset", () => {
    expect(parseEnv({}).ACTIVITY_RETENTION_DAYS).toBe(365);
    expect(parseEnv({ ACTIVITY_RETENTION_DAYS: "90" }).ACTIVITY_RETENTION_DAYS).toBe(90);
    expect(parseEnv({ AUDIT_RETENTION_DAYS: "30" }).ACTIVITY_RETENTION_DAYS).toBe(30);
    expect(parseEnv({ ACTIVITY_RETENTION_DAYS: "90", AUDIT_RETENTION_DAYS: "30" }).ACTIVITY_RETENTION_DAYS).toBe(90);
    expect(() => parseEnv({ AUDIT_RETENTION_DAYS: "0" })).toThrow(/^Invalid configuration: AUDIT_RETENTION_DAYS must be at least 1 \(got "0"\)$/);
    expect(() => parseEnv({ ACTIVITY_RETENTION_DAYS: "x" })).toThrow(/^Invalid configuration: ACTIVITY_RETENTION_DAYS /);
  });

  it("reads the measurement IDs (unset, empty or blank: no measurement)", () => {
    expect([parseEnv({}).GA4_MEASUREMENT_ID, parseEnv({}).META_PIXEL_ID]).toEqual([undefined, undefined]);
    expect(parseEnv({ GA4_MEASUREMENT_ID: "", META_PIXEL_ID: "  " }).GA4_MEASUREMENT_ID).toBeUndefined();
    const env = parseEnv({ GA4_MEASUREMENT_ID: " G-TEST123 ", META_PIXEL_ID: "1234567890" });
    expect([env.GA4_MEASUREMENT_ID, env.META_PIXEL_ID]).toEqual(["G-TEST123", "1234567890"]);
  });

  it("reads the object storage settings (unset: the local folder)", () => {
    expect(parseEnv({}).STORAGE_URL).toBeUndefined();
    expect(parseEnv({ STORAGE_URL: "s3://agency-media" }).STORAGE_URL).toEqual({ bucket: "agency-media", prefix: "" });
    const env = parseEnv({ STORAGE_URL: " s3://agency.media/site//uploads/ ", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" });
    expect(env.STORAGE_URL).toEqual({ bucket: "agency.media", prefix: "site/uploads/" });
    expect([env.S3_ENDPOINT, env.S3_REGION, env.S3_FORCE_PATH_STYLE]).toEqual(["http://127.0.0.1:9000", "us-east-1", true]);
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/^Invalid configuration: S3_ENDPOINT is set but STORAGE_URL is not/);
  });

  it.each([
    ["SITE_URL", "not a url"],
    ["SITE_URL", "ftp://example.com"],
    ["CONTACT_EMAIL", "nobody"],
    ["WHATSAPP_NUMBER", "+91 98765"],
    ["DATABASE_URL", "mysql://x"],
    ["NOTIFY_EMAILS", "a@x.in, nope"],
    ["SOCIAL_X_URL", "javascript:alert(1)"],
    ["MAIL_RETRY_SECONDS", "0"],
    ["MAIL_RETRY_MAX_SECONDS", "soon"],
    ["PORT", "http"],
    ["STORAGE_URL", "https://bucket.example/uploads"],
    ["STORAGE_URL", "s3://Bad_Bucket/uploads"],
    ["STORAGE_URL", "s3://media/../etc"],
    ["STORAGE_URL", "s3://media/a b"],
    ["S3_ENDPOINT", "minio:9000"],
    ["S3_REGION", "Europe West"],
    ["S3_FORCE_PATH_STYLE", "maybe"],
    ["GA4_MEASUREMENT_ID", "UA-12345-1"],
    ["GA4_MEASUREMENT_ID", "g-test123"],
    ["GA4_MEASUREMENT_ID", 'G-TEST123"><script>'],
    ["META_PIXEL_ID", "12a34567"],
    ["META_PIXEL_ID", "1234"],
  ])("rejects %s=%j with one line naming it", (name, value) => {
    let caught: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(message).not.toContain("\n");
  });
});
