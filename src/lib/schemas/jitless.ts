import { z } from "zod";

// Zod probes `new Function("")` to decide whether to compile fast parsers. Under our
// Content-Security-Policy (no 'unsafe-eval', docs/decisions/0010) the probe fails and, although
// Zod catches it, the browser reports a CSP violation. Jitless mode skips the probe; parsing is
// interpreted, which is fast enough for forms of a dozen fields. Imported by every schema module.
z.config({ jitless: true });
