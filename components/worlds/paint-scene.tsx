"use client";

import { useId } from "react";
import { usePaintScene } from "@/components/api/scenes";
import { useApplyOps, useUpdateWorld, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { Button } from "@/components/ui/button";
import { CheckIcon, SparklesIcon } from "@/components/ui/icons";
import { WriteError } from "./world-errors";

export const PAINT_SCENE = "Paint this scene";

export interface PaintSceneProps {
  world: WorldRef;
  /** The World resource as the panel shows it: its subjectRef, entrance, cover and rev. */
  resource: WorldResource;
  stateId: string;
}

/**
 * "Paint this scene" for a state without a frame: `POST /v1/worlds/{id}/scenes {stateId}`.
 * Scenes are painted from the world's subject reference, so without one the button is disabled
 * and says why. The painted frame is shown with the ways the API has to keep it: as the cover
 * (PATCH) and, on the entrance, as the opening frame (`set_entrance`). No op sets a state's own
 * `image` (it is written by generation only), and the panel says so rather than pretend.
 */
export function PaintScene({ world, resource, stateId }: PaintSceneProps) {
  const paint = usePaintScene(world);
  const update = useUpdateWorld(world);
  const ops = useApplyOps(world);
  const noteId = useId();
  const hasSubject = Boolean(resource.world.subjectRef?.imageUrl);
  const isEntrance = resource.world.entrance.state === stateId;
  const frame = paint.data?.stateId === stateId ? paint.data : undefined;
  const isCover = frame !== undefined && resource.cover === frame.url;
  const isOpening = frame !== undefined && resource.world.entrance.image.src === frame.url;

  return (
    <div data-testid="paint-scene" className="space-y-3 border-b border-line bg-subtle/50 px-5 py-3.5">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          size="sm"
          variant={frame ? "secondary" : "primary"}
          disabled={!hasSubject}
          loading={paint.isPending}
          aria-describedby={noteId}
          onClick={() => paint.mutate({ stateId })}
        >
          <SparklesIcon /> {frame ? "Paint again" : PAINT_SCENE}
        </Button>
        <p id={noteId} className="min-w-0 flex-1 basis-64 text-xs text-fg-muted">
          {hasSubject
            ? "This state has no frame. Painted from the world's subject reference and this state's prose; uses one seed frame of today's quota."
            : "This state has no frame. Scenes are painted from the world's subject reference, and this world has none yet: add one under Settings › Subject reference."}
        </p>
      </div>
      {paint.isError ? <WriteError error={paint.error} title="The scene was not painted" /> : null}
      {frame ? (
        <div className="flex flex-wrap items-start gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- a hosted asset of this server */}
          <img
            src={frame.url}
            alt={`Painted frame of ${stateId}`}
            className="aspect-video w-56 rounded-md border border-line object-cover"
            data-testid="painted-frame"
          />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={isCover}
                loading={update.isPending}
                onClick={() => update.mutate({ input: { cover: frame.url } })}
              >
                {isCover ? <CheckIcon /> : null} {isCover ? "The cover" : "Use as cover"}
              </Button>
              {isEntrance ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isOpening}
                  loading={ops.isPending}
                  onClick={() =>
                    ops.mutate({ ops: [{ op: "set_entrance", image: { src: frame.url, label: stateId } }], rev: resource.rev })
                  }
                >
                  {isOpening ? <CheckIcon /> : null} {isOpening ? "The opening frame" : "Use as opening frame"}
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-fg-subtle">
              {isEntrance
                ? "The opening frame is what players see on this state."
                : "A state's own frame is set only by generation for now: no op writes it, so this frame can become the cover but not this state's picture."}
            </p>
            {update.isError ? <WriteError error={update.error} title="The cover was not saved" /> : null}
            {ops.isError ? <WriteError error={ops.error} title="The opening frame was not saved" /> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
