"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { ScenarioScope } from "@/components/api/scenarios";
import { graphOf, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { BatchList } from "./batch-list";
import { BatchView } from "./batch-view";
import { PlanComposer } from "./plan-composer";

/**
 * The Scenarios tab of a world: compose a plan of clips over a walk through the graph, send it
 * as a batch (POST /v1/scenario-batches, as the Studio's user acting for the world's app and
 * mode), watch it run, review its clips, and browse the app's batches.
 */
export function ScenariosPanel({ world, resource }: { world: WorldRef; resource: WorldResource }) {
  const scope: ScenarioScope = useMemo(() => ({ appId: world.appId, mode: world.mode }), [world.appId, world.mode]);
  const graph = useMemo(() => graphOf(resource), [resource]);
  const [selected, setSelected] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  // The batch opens above the plan: bring it into view at once when one is chosen or sent (a
  // smooth scroll is cut short as the batch's clips arrive and push the page down).
  useEffect(() => {
    if (selected) top.current?.scrollIntoView({ block: "start" });
  }, [selected]);

  return (
    <div ref={top} className="scroll-mt-6 space-y-6">
      {selected ? (
        <BatchView key={selected} scope={scope} batchId={selected} worldId={world.worldId} onClose={() => setSelected(null)} />
      ) : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <PlanComposer scope={scope} worldId={world.worldId} world={graph} onSubmitted={setSelected} />
        <BatchList scope={scope} worldId={world.worldId} selected={selected} onSelect={setSelected} />
      </div>
    </div>
  );
}
