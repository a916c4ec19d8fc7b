"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { ensurePlayerId, likedAmong, sendLike } from "@/lib/shared/likes-client";

// Likes on Explore (docs/explore.md): the page asks once which of its cards this browser's
// player likes; each card's button likes or takes the like back with the same anonymous player
// id the play page keeps, so a like counts once wherever it was given.

const LikedContext = createContext<{ liked: ReadonlySet<string>; ready: boolean }>({ liked: new Set(), ready: false });

export function ExploreLikes({ ids, children }: { ids: string[]; children: ReactNode }) {
  const [state, setState] = useState<{ liked: ReadonlySet<string>; ready: boolean }>({ liked: new Set(), ready: false });
  const key = ids.join(",");
  useEffect(() => {
    let live = true;
    void (async () => {
      const playerId = await ensurePlayerId();
      const liked = playerId ? await likedAmong(key ? key.split(",") : [], { playerId }) : new Set<string>();
      if (live) setState({ liked, ready: true });
    })();
    return () => {
      live = false;
    };
  }, [key]);
  return <LikedContext.Provider value={state}>{children}</LikedContext.Provider>;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2.1 0 3.6 1.2 4.9 2.9 1.3-1.7 2.8-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
    </svg>
  );
}

/** A card's like button: the count, pressed when this player likes it. */
export function LikeToggle({ id, name, count }: { id: string; name: string; count: number }) {
  const shared = useContext(LikedContext);
  const [mine, setMine] = useState<{ liked: boolean; count: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const liked = mine?.liked ?? shared.liked.has(id);
  const shown = mine?.count ?? count;

  async function toggle() {
    setBusy(true);
    setProblem(null);
    try {
      const playerId = await ensurePlayerId();
      if (!playerId) throw new Error("Likes need this browser's storage; it seems to be off.");
      const next = await sendLike(id, !liked, { playerId });
      setMine({ liked: next.liked, count: next.likeCount });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The like could not be saved.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy || !shared.ready}
      aria-pressed={liked}
      aria-label={`${liked ? "Liked" : "Like"} ${name} (${shown} ${shown === 1 ? "like" : "likes"})`}
      title={problem ?? (liked ? "You like this (take the like back)" : "Like")}
      data-like={id}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-lg border px-2.5 text-[13px] font-medium tabular-nums transition-colors disabled:opacity-60",
        liked
          ? "border-pink-400/60 bg-pink-500/10 text-pink-700 dark:text-pink-300"
          : "border-line bg-surface text-fg-muted hover:border-line-strong hover:text-fg",
        problem && "border-danger-text",
      )}
    >
      <HeartIcon filled={liked} />
      <span className="pw-like-count">{shown}</span>
    </button>
  );
}
