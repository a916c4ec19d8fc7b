"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { ZSetSubjectRefOp } from "@/lib/kernel";
import { errorMessage } from "@/components/api/client";
import { useApplyOps, useDeleteWorld, useForkWorld, useUpdateWorld, useWorld, type Visibility, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { SaveActions, SavedNote } from "@/components/apps/saved-note";
import { EmbedSnippet } from "@/components/embed/embed-snippet";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ExternalLinkIcon, GitForkIcon, ImageIcon, LockIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { TextArea } from "@/components/ui/text-area";
import { WorldLoadError, WriteError } from "./world-errors";

export interface WorldSettingsProps {
  appId: string;
  worldId: string;
  mode: "live" | "test";
}

// The API's limits (lib/worlds/requests.ts ZUpdateWorldBody); the server checks them again.
const NAME_MAX = 200;
const DESCRIPTION_MAX = 5000;
const COVER_MAX = 2000;
const SUBJECT_MAX = 2000;

const isDataUrl = (value: string) => /^data:/i.test(value.trim());
const isShowable = (value: string) => /^(https?:\/\/|\/|data:image\/)/i.test(value.trim());

function ImagePreview({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src && isShowable(src) && failed !== src;
  return (
    <div className={`grid shrink-0 place-items-center overflow-hidden rounded-lg border border-line bg-subtle ${className ?? ""}`}>
      {show ? (
        // eslint-disable-next-line @next/next/no-img-element -- any URL or data: image; next/image needs known hosts
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <ImageIcon className="size-5 text-fg-subtle" />
      )}
    </div>
  );
}

interface GeneralDraft {
  name?: string;
  description?: string;
  cover?: string;
  subject?: string;
}

function GeneralSection({ world, current, onReload, reloading }: { world: WorldRef; current: WorldResource; onReload: () => void; reloading: boolean }) {
  const update = useUpdateWorld(world);
  const [draft, setDraft] = useState<GeneralDraft>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const name = draft.name ?? current.name;
  const description = draft.description ?? current.description;
  const subject = draft.subject ?? current.world.subject;
  const coverIsData = isDataUrl(current.cover);
  const cover = draft.cover ?? (coverIsData ? "" : current.cover);
  const changes = {
    ...(draft.name !== undefined && draft.name.trim() !== current.name ? { name: draft.name.trim() } : {}),
    ...(draft.description !== undefined && draft.description !== current.description ? { description: draft.description } : {}),
    ...(draft.cover !== undefined && draft.cover.trim() !== (coverIsData ? "" : current.cover) ? { cover: draft.cover.trim() } : {}),
    ...(draft.subject !== undefined && draft.subject !== current.world.subject ? { subject: draft.subject } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setNameError("The world needs a name.");
    setNameError(null);
    update.mutate(
      { input: changes, rev: current.rev },
      {
        onSuccess: () => {
          setDraft({});
          setSavedAt(Date.now());
        },
      },
    );
  }

  return (
    <Card aria-labelledby="world-general-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader titleId="world-general-title" title="General" description="How the world is named, described and pictured in the Studio, the player and the API." />
        <CardBody className="space-y-5">
          {update.isError ? <WriteError error={update.error} title="Changes were not saved" onReload={onReload} reloading={reloading} /> : null}
          <Field label="Name" error={nameError} className="max-w-lg">
            {(control) => <Input {...control} value={name} maxLength={NAME_MAX} autoComplete="off" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />}
          </Field>
          <Field label="Description" hint={`${description.length.toLocaleString("en")} / ${DESCRIPTION_MAX.toLocaleString("en")}`}>
            {(control) => <TextArea {...control} value={description} maxLength={DESCRIPTION_MAX} rows={3} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />}
          </Field>
          <Field label="Subject" hint="Who or what the world is about: the author and the painter build every scene around it.">
            {(control) => <TextArea {...control} value={subject} maxLength={SUBJECT_MAX} rows={2} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />}
          </Field>
          <div className="flex items-start gap-4">
            <ImagePreview src={cover || current.cover} alt="Cover preview" className="aspect-video w-36" />
            <Field label="Cover image URL" hint={coverIsData && draft.cover === undefined ? "An embedded image. Paste a URL to replace it." : "Shown on cards and before play starts."} className="min-w-0 flex-1">
              {(control) => (
                <Input
                  {...control}
                  value={cover}
                  maxLength={COVER_MAX}
                  inputMode="url"
                  spellCheck={false}
                  placeholder={coverIsData ? "Embedded image" : "https://…"}
                  className="font-mono text-[13px]"
                  onChange={(e) => setDraft({ ...draft, cover: e.target.value })}
                />
              )}
            </Field>
          </div>
        </CardBody>
        <CardFooter>
          <span>
            rev <span className="font-mono">{current.rev.slice(0, 7)}</span>
          </span>
          <SaveActions
              savedAt={savedAt}
              dirty={dirty}
              saving={update.isPending}
              onDiscard={() => {
                setDraft({});
                setNameError(null);
                update.reset();
              }}
            />
        </CardFooter>
      </form>
    </Card>
  );
}

function SubjectSection({ world, current, onReload, reloading }: { world: WorldRef; current: WorldResource; onReload: () => void; reloading: boolean }) {
  const applyOps = useApplyOps(world);
  const ref = current.world.subjectRef;
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [descriptor, setDescriptor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const url = imageUrl ?? ref?.imageUrl ?? "";
  const text = descriptor ?? ref?.descriptor ?? "";
  const dirty = url.trim() !== (ref?.imageUrl ?? "") || text !== (ref?.descriptor ?? "");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The kernel's own op schema, so the rule lives in one place.
    const parsed = ZSetSubjectRefOp.safeParse({ op: "set_subject_ref", imageUrl: url.trim(), descriptor: text });
    if (!url.trim()) return setError("Give the image URL.");
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "This reference is not valid.");
    setError(null);
    applyOps.mutate(
      { ops: [parsed.data], rev: current.rev },
      {
        onSuccess: () => {
          setImageUrl(null);
          setDescriptor(null);
          setSavedAt(Date.now());
        },
      },
    );
  }

  return (
    <Card aria-labelledby="world-subject-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader titleId="world-subject-title" title="Subject reference" description="An image of the subject (set under General) keeps the character consistent when scenes are painted." />
        <CardBody className="space-y-5">
          {applyOps.isError ? <WriteError error={applyOps.error} title="The reference was not saved" onReload={onReload} reloading={reloading} /> : null}
          <div className="flex items-start gap-4">
            <ImagePreview src={url} alt="Subject reference preview" className="size-24" />
            <div className="min-w-0 flex-1 space-y-4">
              <Field label="Reference image URL" error={error} hint="An already-hosted image (http or https), not a data: URI.">
                {(control) => (
                  <Input
                    {...control}
                    value={url}
                    inputMode="url"
                    spellCheck={false}
                    placeholder="https://…"
                    className="font-mono text-[13px]"
                    onChange={(e) => {
                      setImageUrl(e.target.value);
                      setError(null);
                    }}
                  />
                )}
              </Field>
              <Field label="Descriptor" hint="How the painter should describe the character. Empty keeps the current one, else the subject.">
                {(control) => <TextArea {...control} rows={2} value={text} onChange={(e) => setDescriptor(e.target.value)} />}
              </Field>
            </div>
          </div>
        </CardBody>
        <CardFooter>
          <span>{ref ? "Saved with the graph as subjectRef." : "No reference yet."}</span>
          <SaveActions
              savedAt={savedAt}
              dirty={dirty}
              saving={applyOps.isPending}
              label="Save reference"
              onDiscard={() => {
                setImageUrl(null);
                setDescriptor(null);
                setError(null);
                applyOps.reset();
              }}
            />
        </CardFooter>
      </form>
    </Card>
  );
}

const VISIBILITY: Array<{ value: Visibility; label: string; description: string }> = [
  { value: "private", label: "Private", description: "Only you, in the Studio and with this app's keys." },
  { value: "unlisted", label: "Unlisted", description: "Not listed anywhere; embeddable on your allowed origins." },
  { value: "public", label: "Public", description: "Anyone can play it from its public link." },
];

function VisibilitySection({ world, current, onReload, reloading }: { world: WorldRef; current: WorldResource; onReload: () => void; reloading: boolean }) {
  const update = useUpdateWorld(world);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const test = current.mode === "test";
  // The choice shows at once (set in the click itself, so the controlled radio never flips back
  // while the mutation starts) and while it is saved; a failure puts the saved one back.
  const [chosen, setChosen] = useState<Visibility | null>(null);
  const shown = chosen ?? current.visibility;

  function change(visibility: Visibility) {
    if (visibility === current.visibility) return;
    setChosen(visibility);
    update.mutate({ input: { visibility } }, { onSuccess: () => setSavedAt(Date.now()), onSettled: () => setChosen(null) });
  }

  return (
    <Card aria-labelledby="world-visibility-title">
      <CardHeader
        titleId="world-visibility-title"
        title="Visibility"
        description="Public worlds get a play link anyone can open; unlisted ones play only where you embed them."
        actions={
          <span className="flex items-center gap-2">
            <SavedNote savedAt={savedAt} />
            <Badge tone={current.visibility === "public" ? "success" : current.visibility === "unlisted" ? "accent" : "neutral"} dot>
              {VISIBILITY.find((v) => v.value === current.visibility)?.label ?? current.visibility}
            </Badge>
          </span>
        }
      />
      <CardBody className="space-y-4">
        {test ? (
          <Alert tone="info" title="Test worlds stay private">
            A test-mode world is a sandbox: it is never published, whatever is asked. Create it with a live key to share it.
          </Alert>
        ) : null}
        {update.isError ? <WriteError error={update.error} title="Visibility was not changed" onReload={onReload} reloading={reloading} /> : null}
        <ChoiceCards legend="Who can play it" name="visibility" value={shown} onChange={change} disabled={test || update.isPending} columns={3} choices={VISIBILITY} />
        {current.playUrl ? (
          <div className="space-y-1.5 rounded-lg border border-success-text/25 bg-success-soft/60 p-3">
            <p id="play-link-label" className="text-[13px] font-medium text-fg">
              Public play link
            </p>
            <div className="flex items-center gap-2">
              <code aria-labelledby="play-link-label" data-testid="play-url" className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface px-3 py-2 font-mono text-[13px] text-fg select-all">
                {current.playUrl}
              </code>
              <CopyButton value={current.playUrl} text="Copy" label="Copy play link" />
              <a href={current.playUrl} target="_blank" rel="noreferrer" className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium text-fg-muted hover:bg-subtle hover:text-fg">
                <ExternalLinkIcon className="size-4" /> Open
              </a>
            </div>
          </div>
        ) : !test && current.visibility !== "public" ? (
          <p className="flex items-center gap-2 text-[13px] text-fg-muted">
            <LockIcon className="size-3.5" /> The public play link appears once the world is public.
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

function DangerRow({ title, description, action }: { title: string; description: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-6 py-4">
      <div className="min-w-0 max-w-prose space-y-0.5">
        <p className="text-sm font-medium text-fg">{title}</p>
        <p className="text-[13px] text-fg-muted">{description}</p>
      </div>
      {action}
    </div>
  );
}

function CopyAndDeleteSection({ world, current }: { world: WorldRef; current: WorldResource }) {
  const router = useRouter();
  const fork = useForkWorld(world);
  const remove = useDeleteWorld(world);
  const [dialog, setDialog] = useState<"fork" | "delete" | null>(null);
  const [forkName, setForkName] = useState("");
  const [forked, setForked] = useState<{ id: string; name: string } | null>(null);

  return (
    <Card aria-labelledby="world-copy-title" className="overflow-hidden">
      <CardHeader titleId="world-copy-title" title="Fork or delete" />
      <div className="mt-4 divide-y divide-line border-t border-line">
        <DangerRow
          title="Fork this world"
          description="A private copy of the working graph in the same app and mode, to try another direction without touching this one."
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setForkName(`${current.name} (fork)`);
                fork.reset();
                setDialog("fork");
              }}
            >
              <GitForkIcon /> Fork…
            </Button>
          }
        />
        {forked ? (
          <div className="px-6 py-3">
            <Alert tone="info" title="Fork created" action={<ButtonLink href={`/worlds/${forked.id}`} size="sm" variant="secondary">Open fork</ButtonLink>}>
              “{forked.name}” is ready.
            </Alert>
          </div>
        ) : null}
        <DangerRow
          title="Delete this world"
          description="The world, its versions and its play link are gone for good. Forks made from it stay."
          action={
            <Button
              variant="danger-ghost"
              className="border border-danger/30"
              onClick={() => {
                remove.reset();
                setDialog("delete");
              }}
            >
              <TrashIcon /> Delete…
            </Button>
          }
        />
      </div>

      <Dialog
        open={dialog === "fork"}
        onOpenChange={(open) => !open && setDialog(null)}
        dismissible={!fork.isPending}
        title="Fork this world"
        description="The fork starts private, with its own versions."
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)} disabled={fork.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="fork-form" loading={fork.isPending}>
              Fork world
            </Button>
          </>
        }
      >
        <form
          id="fork-form"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const name = forkName.trim();
            fork.mutate(name ? { name } : {}, {
              onSuccess: (result) => {
                setDialog(null);
                setForked({ id: result.worldId, name: name || `${current.name} (fork)` });
              },
            });
          }}
        >
          {fork.isError ? <WriteError error={fork.error} title="The world was not forked" /> : null}
          <Field label="Name of the fork">
            {(control) => <Input {...control} value={forkName} maxLength={NAME_MAX} onChange={(e) => setForkName(e.target.value)} />}
          </Field>
        </form>
      </Dialog>

      <Dialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        dismissible={!remove.isPending}
        title={`Delete “${current.name}”?`}
        description="This can't be undone. Players lose access at once, and its versions are deleted with it."
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    router.push("/creations");
                    router.refresh();
                  },
                })
              }
            >
              Delete world
            </Button>
          </>
        }
      >
        {remove.isError ? <Alert title="The world was not deleted">{errorMessage(remove.error)}</Alert> : null}
      </Dialog>
    </Card>
  );
}

/** Settings of one world: general fields, subject, visibility with the play link, fork and delete. */
export function WorldSettings({ appId, worldId, mode }: WorldSettingsProps) {
  const ref: WorldRef = useMemo(() => ({ appId, worldId, mode }), [appId, worldId, mode]);
  const world = useWorld(ref);

  // The snippet names this server's origin, known only in the browser (empty while rendering on the server).
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
  if (world.isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label="Loading settings">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (world.isError) return <WorldLoadError error={world.error} onRetry={() => world.refetch()} retrying={world.isFetching} />;

  const reload = () => void world.refetch();
  const props = { world: ref, current: world.data, onReload: reload, reloading: world.isFetching };
  return (
    <div className="space-y-6">
      <GeneralSection {...props} />
      <VisibilitySection {...props} />
      {origin ? <EmbedSnippet appId={appId} worldId={worldId} origin={origin} /> : null}
      <SubjectSection {...props} />
      <CopyAndDeleteSection world={ref} current={world.data} />
      <p className="text-center text-xs text-fg-muted">
        Looking for keys and webhooks? They belong to the app:{" "}
        <Link href={`/apps/${appId}`} className="font-medium text-fg underline-offset-2 hover:underline">
          app settings
        </Link>
        .
      </p>
    </div>
  );
}

const noSubscription = () => () => {};
