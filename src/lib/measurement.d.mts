export const GA4_ID_PATTERN: RegExp;
export const PIXEL_ID_PATTERN: RegExp;
export const CONSENT_COOKIE: "consent";
export const CONSENT_MAX_AGE_SECONDS: number;
export type MeasurementIds = { ga4?: string; pixel?: string };
export const MEASUREMENT_SOURCES: Record<"ga4" | "pixel", Record<"script-src" | "connect-src" | "img-src", string[]>>;
export function measurementIds(source?: Record<string, string | undefined>): MeasurementIds;
export function measurementSources(ids: MeasurementIds | undefined): Partial<Record<"script-src" | "connect-src" | "img-src", string[]>>;
export const CONSENT_SCRIPT: string;
