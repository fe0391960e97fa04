export async function register() {
  // Runs once when the server starts: never during `next build`, which must not touch the database.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { boot } = await import("./server/boot");
  await boot();
}
