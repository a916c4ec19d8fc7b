import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { NewCharacterButton } from "@/components/characters/new-character-button";
import type { NewCharacterLimits } from "@/components/characters/new-character-dialog";
import { CreateWorldButton } from "@/components/creations/create-world-button";
import { CreationsFilters } from "@/components/creations/creations-filters";
import { CampaignCard } from "@/components/creations/campaign-card";
import type { AppOption, CreateWorldLimits, CreationKindFilter } from "@/components/creations/types";
import { WorldCard } from "@/components/creations/world-card";
import { ButtonLink } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ArrowRightIcon, KeyIcon, LayersIcon, SearchIcon, SparklesIcon } from "@/components/ui/icons";
import { PageContainer, PageHeader } from "@/components/ui/page-header";
import { listApps } from "@/lib/apps/apps";
import { DEFAULT_STANCES, MAX_STANCES, ZCreateCharacterBody } from "@/lib/characters";
import { ApiError } from "@/lib/errors";
import { listStudioCreations, parseCreationFilter, type StudioCreationsPage } from "@/lib/campaigns/creations";
import { BOOK_MAX, MAX_ACTS, MIN_ACTS } from "@/lib/campaigns/requests";
import { DEFAULT_POV } from "@/lib/generation/create-world";
import { ZCreateWorldBody } from "@/lib/worlds/requests";
import { importBodyBytes } from "@/lib/worlds/worlds";
import { studioBaseUrl } from "../base-url";
import { getSessionUser } from "../session";

export const metadata: Metadata = { title: "My Creations" };

const PAGE_SIZE = 24;

/** The create form's rules, read from the API's own request schema and limits. */
function createWorldLimits(): CreateWorldLimits {
  const shape = ZCreateWorldBody.shape;
  // The request body is capped at importBodyBytes() (POST /v1/worlds); base64 grows bytes by 4/3.
  const bodyBytes = importBodyBytes();
  return {
    premiseMax: shape.premise.unwrap().maxLength ?? 4000,
    textMax: shape.text.unwrap().maxLength ?? 40_000,
    defaultPov: DEFAULT_POV,
    imageMaxBytes: Math.floor(((bodyBytes - 16 * 1024) * 3) / 4),
    bookMax: BOOK_MAX,
    minActs: MIN_ACTS,
    maxActs: MAX_ACTS,
  };
}

/** The new-character form's rules, read from POST /v1/characters' own schema and defaults. */
function newCharacterLimits(world: CreateWorldLimits): NewCharacterLimits {
  return {
    premiseMax: ZCreateCharacterBody.shape.premise.unwrap().maxLength ?? 4000,
    // The same body cap as POST /v1/worlds (the import limit plus 64 KiB).
    imageMaxBytes: world.imageMaxBytes,
    maxStances: MAX_STANCES,
    defaultStances: DEFAULT_STANCES.map((s) => ({ ...s })),
  };
}

/** "Updated 5 minutes ago" is relative to when this request renders (a server component renders once). */
function requestTime(): number {
  return Date.now();
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CreationsPage({ searchParams }: Props) {
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const params = await searchParams;
  const q = first(params.q).trim().slice(0, 200);
  const cursor = first(params.cursor);
  const [apps, origin] = await Promise.all([listApps(user.id), studioBaseUrl()]);
  // An app that is not the user's (or no longer exists) is no filter at all.
  const appId = apps.some((a) => a.id === first(params.app)) ? first(params.app) : "";
  // So is a kind that is not `world`, `character` or `campaign`.
  const kind = parseCreationFilter(first(params.kind));
  // `?create=premise&premise=…` (the landing page's "Generate"): open the create dialog with it.
  const createWith = first(params.create) === "premise" ? first(params.premise) : undefined;

  let page: StudioCreationsPage;
  try {
    page = await listStudioCreations(user.id, {
      q: q || undefined,
      appId: appId || undefined,
      kind,
      cursor: cursor || undefined,
      limit: PAGE_SIZE,
    });
  } catch (error) {
    // A stale or hand-made cursor: start from the newest again.
    if (!(error instanceof ApiError && error.code === "invalid_request")) throw error;
    page = await listStudioCreations(user.id, { q: q || undefined, appId: appId || undefined, kind, limit: PAGE_SIZE });
  }

  const appOptions: AppOption[] = apps.map((a) => ({ id: a.id, name: a.name }));
  const limits = createWorldLimits();
  const characterLimits = newCharacterLimits(limits);
  const filtered = Boolean(q || appId || kind);
  const kindFilter: CreationKindFilter = kind ?? "";
  const things = kind === "character" ? "characters" : kind === "world" ? "worlds" : kind === "campaign" ? "campaigns" : "creations";
  const firstApp = apps[0];
  const now = requestTime();
  const query = (extra: Record<string, string>) => {
    const search = new URLSearchParams({ ...(q ? { q } : {}), ...(kind ? { kind } : {}), ...(appId ? { app: appId } : {}), ...extra });
    const text = search.toString();
    return text ? `/creations?${text}` : "/creations";
  };

  const nothingYet = page.creations.length === 0 && !filtered && !cursor;
  const snippet = [
    `curl ${origin}/v1/worlds \\`,
    `  -H "Authorization: Bearer sk_live_…" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"premise": "A lighthouse that rewinds the tide"}'`,
  ].join("\n");

  return (
    <PageContainer width="wide">
      <PageHeader
        title="My Creations"
        description="Live worlds, characters and campaigns from all of your apps, newest first."
        actions={
          <>
            <NewCharacterButton apps={appOptions} defaultAppId={appId || undefined} limits={characterLimits} />
            <CreateWorldButton
              apps={appOptions}
              defaultAppId={appId || undefined}
              limits={limits}
              openWithPremise={createWith?.slice(0, limits.premiseMax)}
            />
          </>
        }
      />

      {nothingYet ? (
        <section aria-labelledby="empty-title" className="overflow-hidden rounded-2xl border border-line bg-surface shadow-xs">
          <div className="grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)]">
            <div className="flex flex-col justify-center px-8 py-10 sm:px-10">
              <div className="mb-5 grid size-11 place-items-center rounded-xl bg-accent-soft text-accent-text">
                <LayersIcon className="size-5" />
              </div>
              <h2 id="empty-title" className="text-lg font-semibold tracking-tight text-fg">
                No worlds yet
              </h2>
              <p className="mt-2 max-w-md text-sm leading-relaxed text-fg-muted">
                Create one here from a premise, a seed image or a book chapter, or with a{" "}
                <strong className="font-medium text-fg">live key</strong> from your server. Characters, made here or with a live key, show
                up here too. Test-mode worlds and characters stay in their sandbox and are never listed.
              </p>
              <div className="mt-6 flex flex-wrap gap-2">
                {firstApp ? (
                  <>
                    <CreateWorldButton apps={appOptions} limits={limits} label="Create your first world" />
                    <NewCharacterButton apps={appOptions} limits={characterLimits} />
                    <ButtonLink href={`/apps/${firstApp.id}`} variant="secondary">
                      <KeyIcon /> Get API keys
                    </ButtonLink>
                  </>
                ) : (
                  <p className="text-sm text-fg-muted">Create an app from the sidebar to get started.</p>
                )}
              </div>
            </div>

            <div className="border-t border-line bg-subtle/50 px-8 py-8 sm:px-10 lg:border-t-0 lg:border-l">
              <h3 className="text-[13px] font-medium text-fg">Or create worlds from your server</h3>
              <ol className="mt-4 space-y-4 text-sm">
                <li className="flex gap-3">
                  <span className="grid size-6 shrink-0 place-items-center rounded-full border border-line-strong bg-surface text-xs font-semibold text-fg-muted">
                    1
                  </span>
                  <span className="text-fg-muted">
                    Create a <span className="font-mono text-[13px] text-fg">sk_live_</span> secret key in{" "}
                    {firstApp ? <span className="text-fg">{firstApp.name}</span> : "an app"}&apos;s settings.
                  </span>
                </li>
                <li className="flex gap-3">
                  <span className="grid size-6 shrink-0 place-items-center rounded-full border border-line-strong bg-surface text-xs font-semibold text-fg-muted">
                    2
                  </span>
                  <span className="text-fg-muted">Send a premise, a seed image or a chapter of text:</span>
                </li>
              </ol>
              <div className="relative mt-3">
                <pre className="overflow-x-auto rounded-lg border border-line bg-surface px-4 py-3 pr-12 font-mono text-[12px] leading-relaxed text-fg-muted">
                  <code>{snippet}</code>
                </pre>
                <CopyButton value={snippet} label="Copy example request" variant="ghost" size="icon" className="absolute top-2 right-2" />
              </div>
              <ol start={3} className="mt-4 text-sm">
                <li className="flex gap-3">
                  <span className="grid size-6 shrink-0 place-items-center rounded-full border border-line-strong bg-surface text-xs font-semibold text-fg-muted">
                    3
                  </span>
                  <span className="flex items-center gap-1.5 text-fg-muted">
                    <SparklesIcon className="size-4 text-accent-text" /> The world renders and shows up on this page.
                  </span>
                </li>
              </ol>
            </div>
          </div>
        </section>
      ) : (
        <div className="space-y-5">
          <CreationsFilters apps={appOptions} q={q} appId={appId} kind={kindFilter} />

          {page.creations.length ? (
            <ul aria-label="Creations" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {page.creations.map((creation, i) =>
                creation.kind === "campaign" ? (
                  <CampaignCard key={creation.id} campaign={creation} now={now} eager={i < 3} />
                ) : (
                  <WorldCard key={creation.id} world={creation} now={now} eager={i < 3} />
                ),
              )}
            </ul>
          ) : (
            <div className="rounded-xl border border-dashed border-line-strong bg-surface/60">
              <EmptyState
                icon={<SearchIcon />}
                title={filtered ? `No ${things} match` : "Nothing older"}
                actions={
                  <ButtonLink href="/creations" variant="secondary">
                    {filtered ? "Clear filters" : "Back to the newest"}
                  </ButtonLink>
                }
              >
                {filtered
                  ? q
                    ? `No ${kind ? things.slice(0, -1) : "world, character or campaign"} is named or described “${q}”${appId ? " in this app" : ""}. Try other words, another kind or another app.`
                    : `${appId ? "This app has" : "You have"} no live ${kind ? things : "creations"} yet.`
                  : "You've reached the oldest creation."}
              </EmptyState>
            </div>
          )}

          {cursor || page.nextCursor ? (
            <nav aria-label="Pages" className="flex items-center justify-between border-t border-line pt-4 text-sm">
              {cursor ? (
                <Link href={query({})} className="rounded-md font-medium text-fg-muted hover:text-fg">
                  ← Newest
                </Link>
              ) : (
                <span />
              )}
              {page.nextCursor ? (
                <Link
                  href={query({ cursor: page.nextCursor })}
                  className="inline-flex items-center gap-1.5 rounded-md font-medium text-fg-muted hover:text-fg"
                >
                  Older <ArrowRightIcon className="size-4" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      )}
    </PageContainer>
  );
}
