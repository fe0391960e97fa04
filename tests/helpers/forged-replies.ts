/**
 * Server Action bodies no page of ours sends, each of a shape React's reply decoder throws on (or
 * decodes into something no action expects): empty, not JSON, no argument list, references to
 * kinds or rows a page never sends. The host refuses each with 400 (host/request-guards.ts,
 * docs/decisions/0022); tests/request-guards.test.ts checks the function, the security suite the
 * running server.
 */
export const FORGED_REPLIES: readonly string[] = [
  "",
  "hello",
  '[{"a":',
  '"x"',
  "1",
  '{"a":1}',
  '["$Q1"]',
  '["$B1"]',
  '["$h1"]',
  '["$F1"]',
  '["$W1"]',
  '["$i1"]',
  '["$nabc"]',
  '["$1"]',
  '["$Q0"]',
  '["$1:a:b"]',
  '["$0:missing"]',
  '["$@1"]',
  '["$R1"]',
  '["$Y"]',
  '["$S"]',
  '["$E"]',
  '["$Z"]',
];
