"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/api/client";
import { usePlayer, usePlayers } from "@/components/api/players";
import type { App, Mode } from "@/components/api/types";
import { ModeBadge } from "@/components/keys/key-badges";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PageContainer, PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { PlayerRow } from "./player-row";

function PlayersTable({
  appId,
  mode,
  players,
  label,
}: {
  appId: string;
  mode: Mode;
  players: Parameters<typeof PlayerRow>[0]["player"][];
  label: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-[13px]" aria-label={label}>
        <thead className="bg-subtle/60 text-xs text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Player
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Plan
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              This month
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Free taste left
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Plus left
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Credit
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Add credit
            </th>
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <PlayerRow key={player.player} appId={appId} mode={mode} player={player} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Opens any player by id, with or without an account (one who never talked has the whole taste). */
function FindPlayer({ appId, mode }: { appId: string; mode: Mode }) {
  const [draft, setDraft] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const found = usePlayer(appId, mode, asked);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(draft.trim() || null);
  };
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="min-w-64 flex-1 space-y-1">
          <span className="block text-[13px] font-medium text-fg">Find a player</span>
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="your userRef, or an anonymous ply_… id"
            className="font-mono"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={draft.trim() === ""} loading={found.isFetching}>
          Open
        </Button>
      </form>
      {found.isError ? <Alert>{errorMessage(found.error)}</Alert> : null}
      {found.data ? <PlayersTable appId={appId} mode={mode} players={[found.data]} label="The player found" /> : null}
    </div>
  );
}

/**
 * The app's players and their chat time (docs/runtime.md "Chat time"): plan, this month's chat,
 * what is left, credit. Opens in the app's default mode; the mode can be switched. Reads and writes
 * through /v1/players, as a secret key of the app would.
 */
export function PlayersPage({ app }: { app: App }) {
  const [mode, setMode] = useState<Mode>(app.defaultMode);
  const [prefix, setPrefix] = useState("");
  const players = usePlayers(app.id, mode, prefix.trim());
  const list = players.data?.pages.flatMap((page) => page.players) ?? [];

  return (
    <PageContainer>
      <PageHeader
        breadcrumbs={[{ label: app.name, href: `/apps/${app.id}` }, { label: "Players" }]}
        title="Players"
        description="Who talks to this app's characters, and how much chat time each has left: a 3-minute free taste, then this month's Plus time for Plus players, then credit."
        actions={
          <div role="group" aria-label="Mode" className="flex items-center gap-1 rounded-lg border border-line p-0.5">
            {(["live", "test"] as const).map((m) => (
              <Button key={m} size="sm" variant={mode === m ? "secondary" : "ghost"} aria-pressed={mode === m} onClick={() => setMode(m)}>
                <ModeBadge mode={m} />
              </Button>
            ))}
          </div>
        }
      />
      <Card aria-labelledby="players-title">
        <CardHeader
          titleId="players-title"
          title={mode === "live" ? "Live players" : "Test players"}
          description={
            mode === "live"
              ? "A player is the userRef your server gives its session tokens, or, without one, the anonymous player the embed keeps per browser. Live talk turns draw on this time; characters marked free draw on none."
              : "Test talk turns are never metered: these accounts exist so that your integration can try the same calls."
          }
        />
        <CardBody className="space-y-5">
          <FindPlayer appId={app.id} mode={mode} />
          <label className="block max-w-sm space-y-1">
            <span className="block text-[13px] font-medium text-fg">Filter by id</span>
            <Input value={prefix} onChange={(e) => setPrefix(e.target.value)} placeholder="starts with…" />
          </label>
          {players.isPending ? (
            <div className="space-y-2" aria-busy="true" aria-label="Loading players">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : players.isError ? (
            <Alert>{errorMessage(players.error)}</Alert>
          ) : list.length === 0 ? (
            <EmptyState title={prefix ? "No player's id starts with that" : "No players yet"}>
              Players appear here once they talk to a live character, or once you set their plan or credit (find them by id above).
            </EmptyState>
          ) : (
            <>
              <PlayersTable appId={app.id} mode={mode} players={list} label="Players and their chat time" />
              {players.hasNextPage ? (
                <Button variant="secondary" onClick={() => players.fetchNextPage()} loading={players.isFetchingNextPage}>
                  More players
                </Button>
              ) : null}
            </>
          )}
        </CardBody>
      </Card>
    </PageContainer>
  );
}
