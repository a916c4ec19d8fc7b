import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { AppSettings } from "@/components/apps/app-settings";
import type { App } from "@/components/api/types";
import { getOwnedAppOrThrow, serializeApp } from "@/lib/apps/apps";
import { ApiError } from "@/lib/errors";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/events";
import { getSessionUser } from "../../session";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's app, or null when it does not exist or belongs to someone else (both 404). */
const loadApp = cache(async (userId: string, appId: string): Promise<App | null> => {
  if (!UUID.test(appId)) return null;
  try {
    return serializeApp(await getOwnedAppOrThrow(userId, appId)) as App;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
});

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, user] = await Promise.all([params, getSessionUser()]);
  const app = user ? await loadApp(user.id, id) : null;
  return { title: app ? `${app.name} · Settings` : "App not found" };
}

export default async function AppSettingsPage({ params }: Props) {
  const { id } = await params;
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const app = await loadApp(user.id, id);
  if (!app) notFound();
  return <AppSettings initialApp={app} webhookEventTypes={[...WEBHOOK_EVENT_TYPES]} />;
}
