import "server-only";
import crypto from "node:crypto";

// Amazon SNS's HTTPS notifications (docs/decisions/0063, docs/newsletter.md). Every message carries
// an RSA signature made by AWS over a canonical string of its fields, with a certificate named by
// `SigningCertURL`. Anyone can post to our endpoint, and anyone with an AWS account can have AWS sign
// a message of their own topic: so the signature proves AWS sent it, the topic (checked against
// NEWSLETTER_SNS_TOPIC_ARN by the caller) proves it is ours.

export type SnsType = "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";

export interface SnsMessage {
  Type: SnsType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: "1" | "2";
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
  UnsubscribeURL?: string;
}

/** The fields signed, in the order AWS documents ("Verifying the signatures of Amazon SNS messages"). */
const SIGNED_FIELDS: Record<SnsType, readonly (keyof SnsMessage)[]> = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
  UnsubscribeConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
};

/** `sns.<region>.amazonaws.com` (or `.amazonaws.com.cn`): the only hosts AWS signs from and sends confirmation links on. */
const SNS_HOST = /^sns\.([a-z]{2}(?:-[a-z]+)+-\d)\.amazonaws\.com(?:\.cn)?$/;
/** arn:aws:sns:<region>:<account>:<topic> (and the China and GovCloud partitions). */
export const TOPIC_ARN = /^arn:aws(?:-cn|-us-gov)?:sns:([a-z]{2}(?:-[a-z]+)+-\d):\d{12}:[A-Za-z0-9_-]{1,256}(?:\.fifo)?$/;

/** A message older than this is refused on its own signed timestamp: SNS gives up retrying long before. */
export const MAX_MESSAGE_AGE_MS = 14 * 86_400_000;

/** The region of an https address on an SNS host, or null for any other address. */
export function snsHostRegion(address: string | undefined): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return null;
  return SNS_HOST.exec(url.hostname)?.[1] ?? null;
}

/** The region a topic ARN names, or null. */
export const topicRegion = (arn: string) => TOPIC_ARN.exec(arn)?.[1] ?? null;

/** The message as SNS posts it, when it has the fields of its type; null otherwise. */
export function parseSnsMessage(body: string): SnsMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const m = value as Record<string, unknown>;
  const type = m.Type;
  if (type !== "Notification" && type !== "SubscriptionConfirmation" && type !== "UnsubscribeConfirmation") return null;
  const required = [
    "MessageId",
    "TopicArn",
    "Message",
    "Timestamp",
    "SignatureVersion",
    "Signature",
    "SigningCertURL",
    ...(type === "Notification" ? [] : ["Token", "SubscribeURL"]),
  ];
  if (required.some((field) => typeof m[field] !== "string" || m[field] === "")) return null;
  if (m.SignatureVersion !== "1" && m.SignatureVersion !== "2") return null;
  for (const optional of ["Subject", "UnsubscribeURL"]) if (m[optional] !== undefined && typeof m[optional] !== "string") return null;
  return m as unknown as SnsMessage;
}

/** `Name\nvalue\n` for each signed field the message has, in AWS's order. */
export function canonicalString(message: SnsMessage): string {
  let out = "";
  for (const field of SIGNED_FIELDS[message.Type]) {
    const value = message[field];
    if (value === undefined) continue; // Subject is signed only when the message has one
    out += `${field}\n${value}\n`;
  }
  return out;
}

/** Fetches a signing certificate (PEM); injectable, so tests serve their own. */
export type CertificateFetcher = (url: string) => Promise<string>;

const CERT_MAX_BYTES = 16 * 1024;

/** The certificate from AWS: https only, no redirect followed, a short time limit, a small body. */
export const fetchCertificate: CertificateFetcher = async (url) => {
  const answer = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  if (!answer.ok) throw new Error(`certificate answered ${answer.status}`);
  const text = await answer.text();
  if (text.length > CERT_MAX_BYTES) throw new Error("certificate too large");
  return text;
};

/** Certificates by address: AWS rotates them rarely, and each message would otherwise fetch one. */
const certificates = new Map<string, crypto.X509Certificate>();
const CACHE_MAX = 20;

async function certificate(url: string, fetcher: CertificateFetcher, now: Date): Promise<crypto.X509Certificate> {
  const cached = certificates.get(url);
  if (cached && new Date(cached.validTo).getTime() > now.getTime()) return cached;
  const cert = new crypto.X509Certificate(await fetcher(url));
  if (certificates.size >= CACHE_MAX) certificates.delete(certificates.keys().next().value!);
  certificates.set(url, cert);
  return cert;
}

/** Empties the certificate cache (tests). */
export function clearCertificateCache(): void {
  certificates.clear();
}

export type SnsVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Checks a message's signature. The certificate's address must be https on an SNS host of the
 * topic's region, checked before anything is fetched; the certificate must be within its dates; the
 * message must be younger than MAX_MESSAGE_AGE_MS.
 */
export async function verifySnsMessage(
  message: SnsMessage,
  { fetcher = fetchCertificate, now = new Date() }: { fetcher?: CertificateFetcher; now?: Date } = {},
): Promise<SnsVerdict> {
  const region = snsHostRegion(message.SigningCertURL);
  if (!region || !new URL(message.SigningCertURL).pathname.endsWith(".pem"))
    return { ok: false, reason: "the signing certificate is not on an Amazon SNS host" };
  if (region !== topicRegion(message.TopicArn)) return { ok: false, reason: "the signing certificate is not of the topic's region" };
  const sent = Date.parse(message.Timestamp);
  if (!Number.isFinite(sent)) return { ok: false, reason: "the timestamp is not a date" };
  if (now.getTime() - sent > MAX_MESSAGE_AGE_MS) return { ok: false, reason: "the message is too old" };
  let cert: crypto.X509Certificate;
  try {
    cert = await certificate(message.SigningCertURL, fetcher, now);
  } catch (error) {
    return { ok: false, reason: `the signing certificate could not be read (${error instanceof Error ? error.message : "unknown error"})` };
  }
  if (new Date(cert.validFrom).getTime() > now.getTime() || new Date(cert.validTo).getTime() < now.getTime())
    return { ok: false, reason: "the signing certificate is outside its dates" };
  const algorithm = message.SignatureVersion === "1" ? "sha1" : "sha256";
  const signature = Buffer.from(message.Signature, "base64");
  const valid = crypto.verify(algorithm, Buffer.from(canonicalString(message), "utf8"), cert.publicKey, signature);
  return valid ? { ok: true } : { ok: false, reason: "the signature does not match the message" };
}
