export function staticSecurityHeaders(siteUrl?: string): Record<string, string>;
export const NON_DOCUMENT_CSP: string;
export function inlineScriptHashes(html: string): string[];
export function documentPolicy(html: string, siteUrl?: string, measurement?: import("../src/lib/measurement.mjs").MeasurementIds): { csp: string; unknown: import("./script-allow-list.mjs").UnknownScript[] };
export function documentCsp(html: string, siteUrl?: string, measurement?: import("../src/lib/measurement.mjs").MeasurementIds): string;
