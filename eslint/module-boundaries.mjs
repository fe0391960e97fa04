// The module layout of src/ as a lint rule (docs/architecture.md, "Features and the kernel";
// docs/decisions/0088-features-as-modules.md). src/server/ holds a kernel (database, session,
// activity trail, events, mail, jobs, forms, configuration, logging) and one folder per feature. The
// rule refuses, for value imports (an `import type` runs nothing and is allowed):
// - the kernel importing a feature, or src/server's root files (the composition root);
// - a feature importing another feature's inside instead of its public entry (its index.ts);
// - a feature using a feature it has not declared in FEATURE_DEPENDENCIES below, which is checked
//   to be free of loops when this file loads, so the features import each other in one direction;
// - a feature importing the composition root (src/server/boot.ts, src/server/job-registry.ts);
// - src/lib (safe in the browser) importing a server module;
// - a server module importing a component or a page.
// A second rule, no-import-cycle, refuses a file that imports itself round through others (value
// imports, dynamic ones included). It reads the import graph of the whole of src/ once per lint
// run with TypeScript's parser: import/no-cycle does the same work per file and took 97 % of the
// lint's time. tests/module-boundaries.test.ts lints sample trees and shows each refusal firing.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Which features each feature may use (through their index.ts). Must stay free of loops. */
export const FEATURE_DEPENDENCIES = {
  analytics: ["billing"],
  media: [],
  team: [],
  redirects: [],
  seo: [],
  experiments: ["leads"],
  billing: [],
  content: ["media", "redirects"],
  newsletter: ["content"],
  leads: ["analytics", "newsletter"],
  booking: ["analytics"],
  dashboard: ["billing", "booking", "content", "leads", "media"],
  pipeline: ["billing", "dashboard", "leads"],
  integrations: ["analytics", "billing", "dashboard", "experiments", "leads"],
  people: ["billing", "booking", "leads", "newsletter"],
  proposals: ["billing", "dashboard", "leads"],
};

/** A loop in the declared dependencies, as a list of features, or null. */
export function dependencyLoop(dependencies) {
  const state = new Map();
  const stack = [];
  const visit = (feature) => {
    if (state.get(feature) === "done") return null;
    if (state.get(feature) === "open") return [...stack.slice(stack.indexOf(feature)), feature];
    state.set(feature, "open");
    stack.push(feature);
    for (const next of dependencies[feature] ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    stack.pop();
    state.set(feature, "done");
    return null;
  };
  for (const feature of Object.keys(dependencies)) {
    const loop = visit(feature);
    if (loop) return loop;
  }
  return null;
}

const declaredLoop = dependencyLoop(FEATURE_DEPENDENCIES);
if (declaredLoop) throw new Error(`FEATURE_DEPENDENCIES has a loop: ${declaredLoop.join(" -> ")}`);

const KERNEL = "kernel";
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];

/** Where a file sits: its area of src/ and, inside src/server, its unit (kernel, a feature, or the root). */
function placeOf(file, src) {
  const relative = path.relative(src, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return { area: "outside" };
  const parts = relative.split(path.sep);
  const area = parts[0];
  if (area !== "server") return { area, parts };
  if (parts.length === 2) {
    // src/server/<name>: a root file, or a folder named without its index
    const bare = parts[1].replace(/\.(m?[tj]sx?)$/, "");
    const folder = path.join(src, "server", bare);
    if (fs.existsSync(folder) && fs.statSync(folder).isDirectory()) return { area, unit: bare, entry: true, parts };
    return { area, unit: "(root)", parts };
  }
  const unit = parts[1];
  const entry = parts.length === 3 && /^index\.(m?[tj]sx?)$/.test(parts[2]);
  return { area, unit, entry, parts };
}

function resolveSpecifier(specifier, file, src) {
  if (specifier.startsWith("@/")) return path.join(src, specifier.slice(2));
  if (specifier.startsWith("./") || specifier.startsWith("../")) return path.resolve(path.dirname(file), specifier);
  return null;
}

/** The file a specifier names, with its extension when one exists on disk (index files included). */
function targetFile(resolved) {
  if (fs.existsSync(resolved) && fs.statSync(resolved).isFile()) return resolved;
  for (const extension of EXTENSIONS) if (fs.existsSync(resolved + extension)) return resolved + extension;
  for (const extension of EXTENSIONS) {
    const index = path.join(resolved, `index${extension}`);
    if (fs.existsSync(index)) return index;
  }
  return resolved;
}

const typeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.type === "ImportDeclaration" && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Keeps src/ in its module layout: kernel, features through their public entry, no loops, lib and components apart." },
    schema: [],
    messages: {
      kernelImportsFeature:
        "The kernel imports no feature: {{target}} belongs to the {{feature}} feature. Pass what the kernel needs in as an argument, or move the shared part into the kernel (docs/architecture.md).",
      kernelImportsRoot:
        "The kernel imports no file of src/server's root ({{target}}): the root composes the features and the kernel, not the other way round.",
      featureImportsRoot: "A feature imports no file of src/server's root ({{target}}): the root (boot, job registry) composes the features.",
      insideOfFeature:
        "{{target}} is inside the {{feature}} feature: import its public entry (src/server/{{feature}}/index.ts) and export what you need there.",
      undeclaredFeature:
        "The {{from}} feature may not use {{feature}}: declare it in FEATURE_DEPENDENCIES (eslint/module-boundaries.mjs), which must stay free of loops.",
      unknownFeature: "src/server/{{feature}}/ is not a declared feature: add it to FEATURE_DEPENDENCIES (eslint/module-boundaries.mjs).",
      libImportsServer: "src/lib is safe in the browser and imports no server module ({{target}}).",
      serverImportsView: "The server imports no component or page ({{target}}): render it in src/app or src/components and call the server from there.",
    },
  },
  create(context) {
    const src = path.join(context.cwd, "src");
    const file = context.filename;
    const from = placeOf(file, src);
    if (from.area === "outside") return {};

    const check = (node, specifier) => {
      if (typeof specifier !== "string" || typeOnly(node)) return;
      const resolved = resolveSpecifier(specifier, file, src);
      if (!resolved) return;
      const to = placeOf(targetFile(resolved), src);
      const target = path.relative(context.cwd, targetFile(resolved)).split(path.sep).join("/");
      if (from.area === "lib" && to.area === "server") return context.report({ node, messageId: "libImportsServer", data: { target } });
      if (from.area !== "server") return;
      if (to.area === "components" || to.area === "app") return context.report({ node, messageId: "serverImportsView", data: { target } });
      if (to.area !== "server" || to.unit === from.unit) return;
      if (to.unit === KERNEL) return;
      if (to.unit === "(root)") {
        if (from.unit === KERNEL) return context.report({ node, messageId: "kernelImportsRoot", data: { target } });
        if (from.unit !== "(root)") return context.report({ node, messageId: "featureImportsRoot", data: { target } });
        return;
      }
      if (from.unit === KERNEL) return context.report({ node, messageId: "kernelImportsFeature", data: { target, feature: to.unit } });
      if (!(to.unit in FEATURE_DEPENDENCIES)) return context.report({ node, messageId: "unknownFeature", data: { feature: to.unit } });
      if (!to.entry) return context.report({ node, messageId: "insideOfFeature", data: { target, feature: to.unit } });
      if (from.unit === "(root)") return;
      if (!(from.unit in FEATURE_DEPENDENCIES)) return context.report({ node, messageId: "unknownFeature", data: { feature: from.unit } });
      if (!FEATURE_DEPENDENCIES[from.unit].includes(to.unit))
        return context.report({ node, messageId: "undeclaredFeature", data: { from: from.unit, feature: to.unit } });
    };

    return {
      Program: (node) => {
        if (from.area === "server" && from.unit !== KERNEL && from.unit !== "(root)" && !(from.unit in FEATURE_DEPENDENCIES))
          context.report({ node, messageId: "unknownFeature", data: { feature: from.unit } });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

/** The value imports of one source file (type-only ones left out), as written. */
function valueImports(file) {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const onlyTypes =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const cycleCache = new Map();

/** For each file of src/ that is part of an import cycle, one such cycle through it (files in order). */
function cyclesOf(src) {
  if (cycleCache.has(src)) return cycleCache.get(src);
  const files = fs.existsSync(src) ? sourceFiles(src) : [];
  const edges = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of valueImports(file)) {
      const resolved = resolveSpecifier(specifier, file, src);
      if (!resolved) continue;
      const target = targetFile(resolved);
      if (edges.has(target) || files.includes(target)) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  // Tarjan's strongly connected components: a component of more than one file, or a file that
  // imports itself, is a cycle.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) === index.get(file)) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== file);
      const set = new Set(members);
      for (const m of members) component.set(m, set);
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  const cycles = new Map();
  for (const file of files) {
    const members = component.get(file);
    if (members.size === 1 && !(edges.get(file) ?? []).includes(file)) continue;
    // The shortest way back to the file inside its component.
    const previous = new Map([[file, null]]);
    const queue = [file];
    let closing = null;
    while (queue.length > 0 && !closing) {
      const at = queue.shift();
      for (const next of edges.get(at) ?? []) {
        if (next === file) {
          closing = at;
          break;
        }
        if (members.has(next) && !previous.has(next)) {
          previous.set(next, at);
          queue.push(next);
        }
      }
    }
    const way = [];
    for (let at = closing; at !== null; at = previous.get(at)) way.unshift(at);
    cycles.set(file, [...way, file]);
  }
  cycleCache.set(src, cycles);
  return cycles;
}

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Refuses a file that imports itself round through other files (value imports)." },
    schema: [],
    messages: { cycle: "This file imports itself round: {{cycle}}. Move the shared part down into a module both can import, or pass it in." },
  },
  create(context) {
    const src = path.join(context.cwd, "src");
    return {
      Program: (node) => {
        const cycle = cyclesOf(src).get(context.filename);
        if (cycle)
          context.report({ node, messageId: "cycle", data: { cycle: cycle.map((f) => path.relative(context.cwd, f).split(path.sep).join("/")).join(" -> ") } });
      },
    };
  },
};

export const moduleBoundaries = { rules: { "module-boundaries": rule, "no-import-cycle": noImportCycle } };
