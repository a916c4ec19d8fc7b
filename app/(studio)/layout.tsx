import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import type { App } from "@/components/api/types";
import { StudioShell } from "@/components/studio/studio-shell";
import { listApps, serializeApp } from "@/lib/apps/apps";
import { getSessionUser } from "./session";

/** Every Studio page needs a session; the sidebar starts with the user's apps from the server. */
export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const apps = (await listApps(user.id)).map((app) => serializeApp(app) as App);

  return (
    <StudioShell user={{ email: user.email, name: user.name }} initialApps={apps}>
      {children}
    </StudioShell>
  );
}
