"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/api/client";
import { useAddPlayerCredit, useSetPlayerPlan, type ChatPlan, type Player } from "@/components/api/players";
import type { Mode } from "@/components/api/types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatSeconds } from "@/components/usage/format";

/** A player id as people read it: an anonymous id (`ply_…`) shortened, a userRef as given. */
export function playerLabel(player: string): string {
  return player.startsWith("ply_") ? `Anonymous ${player.slice(4, 12)}…` : player;
}

/**
 * One player: plan (free or Plus), this month's chat, what is left of the taste, of Plus and of
 * credit, and a way to add credit (minutes; an Idempotency-Key per submit).
 */
export function PlayerRow({ appId, mode, player }: { appId: string; mode: Mode; player: Player }) {
  const setPlan = useSetPlayerPlan(appId, mode);
  const addCredit = useAddPlayerCredit(appId, mode);
  const [minutes, setMinutes] = useState("");
  const planId = `plan-${player.player}`;
  const creditId = `credit-${player.player}`;
  const error = setPlan.error ?? addCredit.error;

  function submitCredit(event: FormEvent) {
    event.preventDefault();
    const seconds = Math.round(Number(minutes) * 60);
    if (!Number.isFinite(seconds) || seconds === 0) return;
    addCredit.mutate({ player: player.player, seconds, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => setMinutes("") });
  }

  return (
    <tr className="border-t border-line align-top" data-player={player.player}>
      <th scope="row" className="max-w-56 px-3 py-2.5 text-left font-normal">
        <span className="block truncate font-mono text-[12.5px] text-fg" title={player.player}>
          {playerLabel(player.player)}
        </span>
      </th>
      <td className="px-3 py-2.5">
        <label htmlFor={planId} className="sr-only">
          Plan of {playerLabel(player.player)}
        </label>
        <select
          id={planId}
          value={player.plan}
          disabled={setPlan.isPending}
          onChange={(e) => setPlan.mutate({ player: player.player, plan: e.target.value as ChatPlan })}
          className="h-8 rounded-md border border-line-strong bg-surface px-2 text-[13px] text-fg"
        >
          <option value="free">Free</option>
          <option value="plus">Plus</option>
        </select>
      </td>
      <td className="px-3 py-2.5 text-right tabular-nums text-fg">{formatSeconds(player.monthSeconds)}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-fg-muted">{formatSeconds(player.freeSecondsLeft)}</td>
      <td className="px-3 py-2.5 text-right tabular-nums text-fg-muted">
        {player.plan === "plus" ? formatSeconds(player.planSecondsLeft) : "—"}
      </td>
      <td className="px-3 py-2.5 text-right tabular-nums text-fg-muted">{formatSeconds(player.creditSeconds)}</td>
      <td className="px-3 py-2.5">
        <form onSubmit={submitCredit} className="flex items-center justify-end gap-1.5">
          <label htmlFor={creditId} className="sr-only">
            Minutes of credit for {playerLabel(player.player)}
          </label>
          <Input
            id={creditId}
            type="number"
            inputMode="decimal"
            step="any"
            placeholder="min"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            className="h-8 w-20 text-right"
          />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            loading={addCredit.isPending}
            disabled={minutes.trim() === "" || Number(minutes) === 0}
          >
            Add
          </Button>
        </form>
        {error ? (
          <p role="alert" className="mt-1 text-right text-xs text-danger-text">
            {errorMessage(error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
