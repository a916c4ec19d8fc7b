import type { Metadata } from "next";
import Link from "next/link";
import { Logo } from "@/components/brand/logo";
import { ExploreLikes, LikeToggle } from "@/components/explore/explore-likes";
import { ButtonLink, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatDate } from "@/components/ui/dates";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { MessageIcon, PlayIcon, SearchIcon } from "@/components/ui/icons";
import { listExplore, toExploreEntry, ZExploreQuery } from "@/lib/explore";

// Explore (docs/explore.md): live public worlds and characters for anyone, signed in or not,
// searched and sorted by the same domain call as GET /v1/explore, paged with its cursor.
export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Explore worlds",
  description: "Play public worlds and characters made with Programmable Worlds.",
};

const SORTS = [
  { value: "new", label: "Newest" },
  { value: "plays", label: "Most played" },
  { value: "likes", label: "Most liked" },
] as const;

type Search = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

function hrefWith(search: Search, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const key of ["q", "sort", "kind", "cursor"]) {
    const value = key in changes ? changes[key] : one(search[key]);
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `/explore?${text}` : "/explore";
}

function Cover({ src, name }: { src: string; name: string }) {
  const ok = /^(https?:\/\/|\/)/.test(src);
  return ok ? (
    // eslint-disable-next-line @next/next/no-img-element -- covers are any hosted URL
    <img src={src} alt={`Cover of ${name}`} loading="lazy" className="aspect-video w-full object-cover" />
  ) : (
    <div className="aspect-video w-full bg-gradient-to-br from-violet-500/35 via-indigo-500/20 to-slate-900/40" aria-hidden="true" />
  );
}

export default async function ExplorePage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const parsed = ZExploreQuery.safeParse({ q: one(search.q), sort: one(search.sort), kind: one(search.kind), cursor: one(search.cursor) });
  const query = parsed.success ? parsed.data : ZExploreQuery.parse({});
  let problem = parsed.success ? null : "That search could not be read; showing the newest worlds.";
  let page: Awaited<ReturnType<typeof listExplore>> = { rows: [], nextCursor: null };
  try {
    page = await listExplore(query);
  } catch {
    problem = "That page of results is not available (the link may be old). Start again from the first page.";
  }
  const entries = page.rows.map((row) => toExploreEntry(row, ""));

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-line/70 bg-canvas/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
          <Link href="/" aria-label="Programmable Worlds home" className="rounded-md">
            <Logo compact />
          </Link>
          <ButtonLink href="/creations" variant="ghost" size="sm">
            Make your own
          </ButtonLink>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-5 pt-8 pb-16 sm:px-8">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Explore worlds</h1>
        <p className="mt-1.5 text-sm text-fg-muted">Public worlds and characters anyone can play. Like the ones you enjoy.</p>

        <form action="/explore" method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
          <label className="flex min-w-0 flex-1 basis-64 flex-col gap-1 text-[13px] font-medium text-fg">
            Search
            <span className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
              <input
                name="q"
                type="search"
                defaultValue={query.q ?? ""}
                placeholder="lighthouse, market, comet…"
                className={cn(inputClasses, "pl-9")}
              />
            </span>
          </label>
          <label className="flex flex-col gap-1 text-[13px] font-medium text-fg">
            Sort
            <select name="sort" defaultValue={query.sort} className={cn(inputClasses, "w-auto pr-8")}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-[13px] font-medium text-fg">
            Show
            <select name="kind" defaultValue={query.kind ?? ""} className={cn(inputClasses, "w-auto pr-8")}>
              <option value="">Worlds and characters</option>
              <option value="world">Worlds</option>
              <option value="character">Characters</option>
            </select>
          </label>
          <button type="submit" className={buttonClasses({ size: "md" })}>
            Search
          </button>
        </form>

        {problem ? (
          <p role="alert" className="mt-4 rounded-lg border border-warning-text/40 bg-warning-soft px-3 py-2 text-sm text-warning-text">
            {problem}
          </p>
        ) : null}

        {entries.length === 0 ? (
          <EmptyState className="mt-8" icon={<SearchIcon />} title={query.q ? "Nothing matches that search" : "No public worlds yet"}>
            {query.q ? "Try fewer or shorter words." : "Worlds appear here when their creators make them public."}
          </EmptyState>
        ) : (
          <ExploreLikes ids={entries.map((e) => e.id)}>
            <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Worlds">
              {entries.map((entry) => (
                <li key={entry.id} className="min-w-0" data-explore-id={entry.id}>
                  <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-xs">
                    <a href={entry.playUrl} className="block" tabIndex={-1} aria-hidden="true">
                      <Cover src={entry.cover} name={entry.name} />
                    </a>
                    <div className="flex flex-1 flex-col p-4">
                      <div className="flex items-center gap-2 text-[12px] text-fg-muted">
                        {entry.kind === "character" ? (
                          <span className="inline-flex items-center gap-1 rounded-md bg-accent-soft px-1.5 py-0.5 font-medium text-accent-text">
                            <MessageIcon className="size-3" /> Character
                          </span>
                        ) : null}
                        <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
                      </div>
                      <h2 className="mt-1.5 text-[15px] font-semibold tracking-tight text-fg">
                        <a href={entry.playUrl} className="hover:underline">
                          {entry.name}
                        </a>
                      </h2>
                      {entry.description ? <p className="mt-1 line-clamp-2 text-sm text-fg-muted">{entry.description}</p> : null}
                      <div className="mt-auto flex items-center gap-2 pt-4">
                        <span className="text-[13px] text-fg-muted tabular-nums" title="Plays">
                          {entry.sessionCount} {entry.sessionCount === 1 ? "play" : "plays"}
                        </span>
                        <span className="ml-auto" />
                        <LikeToggle id={entry.id} name={entry.name} count={entry.likeCount} />
                        <a href={entry.playUrl} className={buttonClasses({ size: "sm" })} aria-label={`Play ${entry.name}`}>
                          <PlayIcon /> Play
                        </a>
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </ExploreLikes>
        )}

        <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
          {query.cursor ? (
            <Link href={hrefWith(search, { cursor: undefined })} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              First page
            </Link>
          ) : (
            <span />
          )}
          {page.nextCursor ? (
            <Link
              href={hrefWith(search, { cursor: page.nextCursor, sort: query.sort })}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              More worlds
            </Link>
          ) : null}
        </nav>
      </main>
    </div>
  );
}
