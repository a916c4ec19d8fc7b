"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { errorMessage } from "@/components/api/client";
import { useDeleteWorld, useForkWorld } from "@/components/api/worlds";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { GitForkIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { NAME_MAX, type SectionProps } from "./settings-section";
import { WriteError } from "./world-errors";

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

/** Fork the world (a private copy) or delete it, each behind a dialog. */
export function ForkAndDeleteSection({ world, current }: Pick<SectionProps, "world" | "current">) {
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
            <Alert
              tone="info"
              title="Fork created"
              action={
                <ButtonLink href={`/worlds/${forked.id}`} size="sm" variant="secondary">
                  Open fork
                </ButtonLink>
              }
            >
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
