import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { CharacterBrain, type BrainView } from "@/components/characters/character-brain";
import { CharacterPreview } from "@/components/characters/character-preview";
import { EditBrainButton } from "@/components/characters/edit-brain-button";
import { EditStancesButton } from "@/components/characters/edit-stances-button";
import { StanceGallery, type StanceCardView } from "@/components/characters/stance-gallery";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { EmbedSnippet } from "@/components/embed/embed-snippet";
import { PageContainer, PageHeader } from "@/components/ui/page-header";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { BoxIcon, GlobeIcon, LinkIcon, LockIcon, MessageIcon } from "@/components/ui/icons";
import { readCharacter, stanceView } from "@/embed/character/model";
import {
  entranceStanceOf,
  findUserCharacter,
  MAX_STANCES,
  mintStudioPreviewToken,
  PRIVATE_PROFILE_FIELDS,
  studioUserRef,
} from "@/lib/characters";
import { studioBaseUrl } from "../../base-url";
import { getSessionUser } from "../../session";

/** The signed-in user's character (memoized per request: metadata and page share one read). */
const loadCharacter = cache((userId: string, characterId: string) => findUserCharacter(userId, characterId));

/** "Updated 5 minutes ago" is relative to when this request renders (a server component renders once). */
function requestTime(): number {
  return Date.now();
}

const VISIBILITY = {
  private: { label: "Private", Icon: LockIcon, tone: "neutral" },
  unlisted: { label: "Unlisted", Icon: LinkIcon, tone: "neutral" },
  public: { label: "Public", Icon: GlobeIcon, tone: "success" },
} as const;

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, user] = await Promise.all([params, getSessionUser()]);
  const found = user ? await loadCharacter(user.id, id) : null;
  return { title: found ? found.row.name : "Character not found" };
}

/**
 * A character in the Studio (owner only; anyone else, a plain world or an unknown id: 404): its
 * stances, its brain, how to embed it, and a live preview with a token minted for the owner.
 */
export default async function CharacterPage({ params }: Props) {
  const { id } = await params;
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const found = await loadCharacter(user.id, id);
  if (!found) notFound();
  const { row, app, profile } = found;
  const mode = row.mode === "test" ? "test" : "live";
  const character = readCharacter(row.graph, row.name);
  const stances: StanceCardView[] = character
    ? character.stances.map((stance) => {
        const view = stanceView(character, stance.id);
        return {
          id: stance.id,
          label: stance.label,
          mood: stance.mood,
          expression: stance.expression,
          image: view.image,
          hue: view.hue,
          entrance: stance.id === character.entrance,
        };
      })
    : [];
  const brain: BrainView | null = profile
    ? {
        persona: profile.persona,
        greeting: profile.greeting,
        lore: profile.lore,
        examples: profile.examples,
        scene: profile.scene,
        style: profile.style,
        subject: profile.subject,
        voiceId: profile.voiceId ?? null,
        modelId: profile.modelId ?? null,
        free: profile.free,
        privateFields: PRIVATE_PROFILE_FIELDS,
      }
    : null;
  // A character that cannot talk (no profile) gets no token and no preview.
  const [origin, preview] = await Promise.all([studioBaseUrl(), profile && character ? mintStudioPreviewToken(user.id, row) : null]);
  // The owner's edits go through the API like a developer's server's, acting for the character's app and mode.
  const scope = { appId: app.id, mode } as const;
  const visibility = VISIBILITY[row.visibility as keyof typeof VISIBILITY] ?? VISIBILITY.private;
  const now = requestTime();
  const updatedAt = row.updatedAt.toISOString();
  const poster = character ? stanceView(character, character.entrance).image : null;

  return (
    <PageContainer width="wide">
      <PageHeader
        breadcrumbs={[{ label: "My Creations", href: "/creations" }, { label: row.name }]}
        title={row.name}
        description={
          <div className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1.5">
            <Badge tone="accent">
              <MessageIcon className="size-3" /> Character
            </Badge>
            <Badge tone={visibility.tone}>
              <visibility.Icon className="size-3" /> {visibility.label}
            </Badge>
            {mode === "test" ? <Badge tone="warning">Test mode</Badge> : <Badge tone="neutral">Live</Badge>}
            <span className="flex items-center gap-1 text-[13px] text-fg-muted">
              <BoxIcon className="size-3.5" /> in{" "}
              <Link href={`/apps/${app.id}`} className="font-medium text-fg hover:underline">
                {app.name}
              </Link>
            </span>
            <span className="text-[13px] text-fg-subtle" aria-hidden="true">
              ·
            </span>
            <time dateTime={updatedAt} title={`Updated ${formatDateTime(updatedAt)}`} className="text-[13px] text-fg-muted">
              Updated {formatRelative(updatedAt, now)}
            </time>
            <span className="text-[13px] text-fg-subtle" aria-hidden="true">
              ·
            </span>
            <span className="text-[13px] text-fg-muted">
              {row.sessionCount.toLocaleString("en-US")} {row.sessionCount === 1 ? "session" : "sessions"}
            </span>
            <span className="text-[13px] text-fg-subtle" aria-hidden="true">
              ·
            </span>
            <span className="text-[13px] text-fg-muted">
              {row.likeCount.toLocaleString("en-US")} {row.likeCount === 1 ? "like" : "likes"}
            </span>
          </div>
        }
        actions={
          <ButtonLink href={`/apps/${app.id}`} variant="secondary">
            App settings
          </ButtonLink>
        }
      />

      {!profile ? (
        <Alert tone="warning" title="This character cannot talk">
          Its profile (<code className="font-mono text-[12px]">world.character</code>) is missing or malformed, so it has no brain to show
          and no preview. Re-create or re-import it.
        </Alert>
      ) : null}

      {preview && character && profile ? (
        <CharacterPreview
          characterId={row.id}
          name={character.name}
          poster={poster}
          token={preview.token}
          expiresAt={preview.expiresAt}
          mode={mode}
          free={profile.free}
          userRef={studioUserRef(user.id)}
        />
      ) : null}

      <StanceGallery
        stances={stances}
        name={row.name}
        edit={
          profile ? (
            <EditStancesButton
              scope={scope}
              characterId={row.id}
              rev={row.rev}
              stances={profile.stances.map((s) => ({ id: s.id, label: s.label, mood: s.mood, expression: s.expression }))}
              entrance={entranceStanceOf(profile)}
              max={MAX_STANCES}
            />
          ) : undefined
        }
      />

      {brain ? (
        <CharacterBrain brain={brain} edit={<EditBrainButton scope={scope} characterId={row.id} rev={row.rev} brain={brain} />} />
      ) : null}

      <div id="embed">
        <EmbedSnippet appId={app.id} characterId={row.id} origin={origin} />
      </div>
    </PageContainer>
  );
}
