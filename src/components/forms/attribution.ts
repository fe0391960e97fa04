/**
 * First- and last-touch attribution kept in the visitor's browser (localStorage), the way marketing
 * forms do it: the first visit's UTM parameters, referrer and landing page are kept; a later visit
 * that brings UTM parameters or comes from another site becomes the last touch.
 */
const KEY = "kg-attribution";
const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

type Touch = Partial<Record<(typeof UTM)[number] | "referrer" | "landing_page" | "at", string>>;
interface Stored {
  first_touch?: Touch;
  last_touch?: Touch;
}

function read(): Stored {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Stored;
  } catch {
    return {};
  }
}

export function recordTouch(): void {
  try {
    const url = new URL(window.location.href);
    const touch: Touch = {};
    for (const key of UTM) {
      const value = url.searchParams.get(key);
      if (value) touch[key] = value.slice(0, 200);
    }
    const referrer = document.referrer && new URL(document.referrer).host !== url.host ? document.referrer.slice(0, 500) : "";
    if (referrer) touch.referrer = referrer;
    const stored = read();
    const isNewSource = Object.keys(touch).length > 0;
    if (!stored.first_touch || isNewSource) {
      const full: Touch = { ...touch, landing_page: `${url.pathname}${url.search}`.slice(0, 500), at: new Date().toISOString() };
      stored.first_touch ??= full;
      stored.last_touch = full;
      localStorage.setItem(KEY, JSON.stringify(stored));
    }
  } catch {
    // storage disabled or full: attribution is a nicety, never a failure
  }
}

export function readAttribution(): string {
  const value = JSON.stringify(read());
  return value.length <= 4000 ? value : "{}";
}
