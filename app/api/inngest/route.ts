import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/client";
import { functions } from "./functions";

// The Inngest serve endpoint (stock `serve()`): an Inngest server, or the local executor when
// none is configured, syncs with PUT and runs steps with signed POSTs (docs/jobs.md).
export const { GET, POST, PUT } = serve({ client: inngest, functions });
