import "server-only";
import http from "node:http";
import https from "node:https";
import { pinnedLookup, RefusedAddressError, resolveTarget, type Resolver } from "../../kernel/net/address";
import { allowPrivateCalendarTargets } from "./address";

// The one way the calendar sync reaches a CalDAV server: a `fetch` for tsdav (every tsdav function
// takes one) built on node:http, so that the connection goes to an address `resolveTarget` checked
// (the socket's lookup is ours, as for webhooks: a name that resolves to 127.0.0.1 or a cloud's
// metadata address is refused at every request, redirects included), with a time limit on each
// request and a limit on the answer's size.

export type CalendarFailureKind = "refused" | "unreachable" | "timeout" | "too-large";

export class CalendarHttpError extends Error {
  constructor(
    readonly kind: CalendarFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "CalendarHttpError";
  }
}

export interface CalendarHttpSettings {
  /** One request's limit: connection, answer and the body read. */
  timeoutMs: number;
  /** The most of an answer read; a longer one fails the request. */
  maxBytes: number;
  /** Default: CALENDAR_ALLOW_PRIVATE_TARGETS. */
  allowPrivate?: boolean;
  resolver?: Resolver;
}

export const CALENDAR_HTTP_DEFAULTS: CalendarHttpSettings = { timeoutMs: 10_000, maxBytes: 8 * 1024 * 1024 };

/** What the requests of one operation met, to tell a wrong password from a server that is not CalDAV. */
export interface CalendarTrace {
  statuses: number[];
}

const MAX_REDIRECTS = 3;
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
}

async function requestOnce(url: URL, method: string, headers: Headers, body: string | undefined, settings: CalendarHttpSettings): Promise<Answer> {
  let addresses;
  try {
    addresses = await resolveTarget(url.hostname, { resolver: settings.resolver, allowPrivate: settings.allowPrivate ?? allowPrivateCalendarTargets() });
  } catch (error) {
    if (error instanceof RefusedAddressError) throw new CalendarHttpError("refused", error.message);
    throw new CalendarHttpError("unreachable", `could not resolve ${url.hostname}: ${(error as Error).message}`);
  }
  const client = url.protocol === "https:" ? https : http;
  const outgoing: Record<string, string> = {};
  headers.forEach((value, name) => (outgoing[name] = value));
  if (body !== undefined) outgoing["content-length"] = String(Buffer.byteLength(body));
  outgoing["user-agent"] ??= "KineticGrowth-Calendar/1.0";
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const fail = (error: CalendarHttpError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const request = client.request(
      url,
      {
        method,
        headers: outgoing,
        agent: false,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) fail(new CalendarHttpError("too-large", `the answer of ${url.host} is larger than ${settings.maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, one);
          }
          resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? "", headers: answerHeaders, body: Buffer.concat(chunks) });
        });
        response.on("error", (error) => fail(new CalendarHttpError("unreachable", `${url.host}: ${error.message}`)));
      },
    );
    const timer = setTimeout(
      () => fail(new CalendarHttpError("timeout", `${url.host} did not answer within ${Math.round(settings.timeoutMs / 1000)} s`)),
      settings.timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) => fail(new CalendarHttpError("unreachable", `${url.host}: ${error.code ?? "error"} ${error.message}`)));
    request.end(body);
  });
}

function bodyText(body: RequestInit["body"]): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  throw new TypeError("the calendar client sends text bodies only");
}

/**
 * A `fetch` for tsdav. Redirects are followed (at most 3) only within the same origin, so that the
 * member's password is not sent to another host that a redirect names; `redirect: "manual"` (tsdav's
 * well-known discovery, which reads the Location itself) gets the redirect as it is. Either way each
 * request's address is checked.
 */
export function calendarFetch(settings: Partial<CalendarHttpSettings> = {}, trace?: CalendarTrace): typeof fetch {
  const full: CalendarHttpSettings = { ...CALENDAR_HTTP_DEFAULTS, ...settings };
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    let url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    let method = (init.method ?? "GET").toUpperCase();
    let body = bodyText(init.body);
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new CalendarHttpError("refused", `refused: ${url.protocol} is not http or https`);
      const answer = await requestOnce(url, method, headers, body, full);
      trace?.statuses.push(answer.status);
      const location = answer.headers.get("location");
      if (init.redirect !== "manual" && [301, 302, 303, 307, 308].includes(answer.status) && location && hop < MAX_REDIRECTS) {
        const next = new URL(location, url);
        if (next.origin === url.origin) {
          if (answer.status === 303) {
            method = "GET";
            body = undefined;
          }
          url = next;
          continue;
        }
      }
      const status = answer.status >= 200 && answer.status <= 599 ? answer.status : 502;
      const response = new Response(NULL_BODY.has(status) ? null : new Uint8Array(answer.body), {
        status,
        statusText: answer.statusText,
        headers: answer.headers,
      });
      Object.defineProperty(response, "url", { value: url.toString() });
      return response;
    }
  }) as typeof fetch;
}
