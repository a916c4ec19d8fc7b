// Liveness probe: answers without touching the database. It is also the benchmark's floor,
// the cheapest route this stack can serve.
export function GET() {
  return Response.json({ status: "ok" });
}
