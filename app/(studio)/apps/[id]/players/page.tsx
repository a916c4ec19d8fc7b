import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import type { App } from "@/components/api/types";
import { PlayersPage } from "@/components/players/players-page";
import { getOwnedAppOrThrow, serializeApp } from "@/lib/apps/apps";
import { ApiError } from "@/lib/errors";
import { getSessionUser } from "../../../session";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadApp(userId: string, appId: string): Promise<App | null> {
  if (!UUID.test(appId)) return null;
  try {
    return serializeApp(await getOwnedAppOrThrow(userId, appId)) as App;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
}

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Players" };

/** The app's players and their chat time (components/players). */
export default async function AppPlayersPage({ params }: Props) {
  const { id } = await params;
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const app = await loadApp(user.id, id);
  if (!app) notFound();
  return <PlayersPage app={app} />;
}
