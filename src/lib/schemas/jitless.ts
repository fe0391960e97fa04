import { config } from "zod/mini";

// Zod probes `new Function("")` to decide whether to compile fast parsers. Under our
// Content-Security-Policy (no 'unsafe-eval', docs/decisions/0010) the probe fails and, although
// Zod catches it, the browser reports a CSP violation. Jitless mode skips the probe; parsing is
// interpreted, which is fast enough for forms of a dozen fields. Imported by every schema module.
// The setting is global (classic and mini share Zod's core); it is set from zod/mini so that the
// public forms, which validate with zod/mini only, do not pull the classic API into the browser.
config({ jitless: true });
