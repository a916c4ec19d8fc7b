// Runs once when the server starts: open (and migrate) the database before the first request,
// and take the embedded data folder so that the CLI knows to talk to this process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("@/lib/server/start");
  await startServer(() => import("@/app/api/inngest/route"));
}
