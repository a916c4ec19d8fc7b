import { MarkerType, Position, type NodeHandle } from "@xyflow/react";
import { hashString, type Event, type State, type World } from "@/lib/kernel";
import { NEW_STATE_NODE, edgeIdOf, type EditorState, type Preview, type View } from "./editor-state";
import type { EditorStore } from "./editor-store";
import { isDirty } from "./fields";
import {
  GHOST_EDGE_PREFIX,
  excerptOf,
  nameOf,
  selectedEdgeId,
  selectedNodeId,
  thumbOf,
  type OverrideChip,
  type StateNodeData,
  type StateNodeType,
  type TransitionEdgeType,
} from "./graph-items";
import { sameData, sameItems, sameMarks, sameStateSet } from "./graph-reuse";
import { NODE_HEIGHT, NODE_WIDTH, placeMissing, type Positions, type XY } from "./layout";
import { diffMarksOf, NO_MARKS, type DiffMarks } from "./preview-marks";

/**
 * The canvas's nodes and edges, derived from the editor's would-be world, the selection and
 * the positions. Objects are reused whenever nothing they show changed, so React Flow (which
 * compares node objects by identity) re-renders only the nodes and edges an edit touched:
 * typing in a field re-renders one node at most, and dragging one node re-renders that node.
 */

const HANDLES: NodeHandle[] = [
  { id: null, type: "target", position: Position.Left, x: -5, y: NODE_HEIGHT / 2 - 5, width: 10, height: 10 },
  { id: null, type: "source", position: Position.Right, x: NODE_WIDTH - 5, y: NODE_HEIGHT / 2 - 5, width: 10, height: 10 },
];
const MEASURED = { width: NODE_WIDTH, height: NODE_HEIGHT };
const MAX_CHIPS = 3;
const NO_CHIPS: OverrideChip[] = [];
const ORIGIN: XY = { x: 0, y: 0 };

export class GraphModel {
  private nodes: StateNodeType[] = [];
  private edges: TransitionEdgeType[] = [];
  private nodeKey: unknown[] = [];
  private edgeKey: unknown[] = [];
  private dataCache = new Map<string, { state: State; data: StateNodeData; chips: OverrideChip[] }>();
  private nodeCache = new Map<string, StateNodeType>();
  private edgeCache = new Map<string, TransitionEdgeType>();
  private edgeEvents: readonly Event[] = [];
  private edgeMarks: ReadonlyMap<number, string> = new Map();
  private edgeSig: unknown[] = [];
  private edgeStates: Record<string, State> = {};
  private fallback: Positions = new Map();
  private fallbackFor: World | null = null;

  constructor(private readonly store: EditorStore) {}

  subscribe = (listener: () => void): (() => void) => {
    const a = this.store.subscribe(listener);
    const b = this.store.positions.subscribe(listener);
    return () => {
      a();
      b();
    };
  };

  positionsVersion(): number {
    return this.store.positions.getVersion();
  }

  /** Where a node is: its saved or laid-out position, else a derived one. */
  positionOf(nodeId: string): XY | undefined {
    return this.store.positions.get(nodeId) ?? this.fallback.get(nodeId);
  }

  private ensureFallback(view: View): void {
    if (this.fallbackFor === view.world) return;
    this.fallbackFor = view.world;
    const positions = this.store.positions;
    let missing = false;
    for (const id of view.index.stateIds) {
      const nodeId = this.store.nodeIdOf(id, view);
      if (!positions.has(nodeId) && !this.fallback.has(nodeId)) {
        missing = true;
        break;
      }
    }
    if (!missing) return;
    const known: Positions = new Map();
    for (const id of view.index.stateIds) {
      const p = positions.get(this.store.nodeIdOf(id, view)) ?? this.fallback.get(id);
      if (p) known.set(id, p);
    }
    for (const [id, p] of placeMissing(view.world, known)) {
      const nodeId = this.store.nodeIdOf(id, view);
      if (!positions.has(nodeId)) this.fallback.set(nodeId, p);
    }
  }

  /** Overrides by state, rebuilt only when an event changed (typing in a state keeps them). */
  private overridesOf(events: readonly Event[]): Map<string, OverrideChip[]> {
    if (this.overrides && sameItems(this.overridesEvents, events)) return this.overrides;
    const overrides = new Map<string, OverrideChip[]>();
    for (const e of events) {
      if (e.to !== undefined) continue;
      let list = overrides.get(e.from);
      if (!list) overrides.set(e.from, (list = []));
      list.push({ name: e.name, hotkey: e.hotkey });
    }
    this.overrides = overrides;
    this.overridesEvents = events;
    return overrides;
  }
  private overrides: Map<string, OverrideChip[]> | null = null;
  private overridesEvents: readonly Event[] = [];

  /** Node data per state for one view and selection (positions are applied separately, per frame). */
  private dataFor(s: EditorState): Array<{ nodeId: string; data: StateNodeData; selected: boolean; label: string }> {
    if (this.dataKey[0] === s.view && this.dataKey[1] === s.selection && this.dataKey[2] === s.draft && this.dataKey[3] === s.preview)
      return this.dataList;
    this.dataKey = [s.view, s.selection, s.draft, s.preview];
    const diffs = this.diffMarks(s.preview);
    const view = s.view;
    const world = view.world;
    const selected = selectedNodeId(s.selection);
    const draftDirty = s.draft?.kind === "state" && isDirty(s.draft);
    const overrides = this.overridesOf(world.scene.events);
    const list: Array<{ nodeId: string; data: StateNodeData; selected: boolean; label: string }> = [];
    const nextData = new Map<string, { state: State; data: StateNodeData; chips: OverrideChip[] }>();
    for (const id of view.index.stateIds) {
      const state = world.scene.states[id] as State;
      const nodeId = this.store.nodeIdOf(id, view);
      const chips = overrides.get(id) ?? NO_CHIPS;
      const unsaved = nodeId === NEW_STATE_NODE ? "new" : view.draftState?.nodeId === nodeId && draftDirty ? "edited" : null;
      const problem = view.marks.states.get(id) ?? null;
      const entrance = world.entrance.state === id;
      const diff = diffs.states.get(id) ?? null;
      const prev = this.dataCache.get(nodeId);
      let data: StateNodeData;
      if (
        prev &&
        prev.state === state &&
        prev.chips === chips &&
        prev.data.problem === problem &&
        prev.data.entrance === entrance &&
        prev.data.unsaved === unsaved &&
        prev.data.diff === diff
      ) {
        data = prev.data;
      } else {
        const ending = state.ending.isEnding === true ? (state.ending.outcome ?? "plain") : null;
        data = {
          stateId: id,
          name: nameOf(state, world),
          excerpt: excerptOf(state, world),
          thumb: thumbOf(state),
          hue: hashString(id) % 360,
          entrance,
          ending,
          overrides: chips.slice(0, MAX_CHIPS),
          overrideCount: chips.length,
          overridesKey: chips.map((c) => `${c.hotkey}\u0000${c.name}`).join("\u0001"),
          problem,
          unsaved,
          diff,
        };
        if (prev && sameData(prev.data, data)) data = prev.data;
      }
      nextData.set(nodeId, { state, data, chips });
      const label = `State ${id}${entrance ? ", the entrance" : ""}${data.ending ? ", an ending" : ""}${problem ? `, has ${problem}s` : ""}${diff ? `, ${diff} by the proposed change` : ""}`;
      list.push({ nodeId, data, selected: selected === nodeId, label });
    }
    // States the preview removes stay on the canvas as ghosts, where they were.
    for (const id of s.preview?.diff.states.removed ?? []) {
      const state = s.resource.world.scene.states[id];
      if (!state || nextData.has(id)) continue;
      const data: StateNodeData = {
        stateId: id,
        name: nameOf(state, s.resource.world),
        excerpt: excerptOf(state, s.resource.world),
        thumb: thumbOf(state),
        hue: hashString(id) % 360,
        entrance: false,
        ending: state.ending.isEnding === true ? (state.ending.outcome ?? "plain") : null,
        overrides: NO_CHIPS,
        overrideCount: 0,
        overridesKey: "",
        problem: null,
        unsaved: null,
        diff: "removed",
      };
      nextData.set(id, { state, data, chips: NO_CHIPS });
      list.push({ nodeId: id, data, selected: false, label: `State ${id}, removed by the proposed change` });
    }
    this.dataCache = nextData;
    this.dataList = list;
    return list;
  }
  private dataKey: unknown[] = [];
  private diffMarksFor: Preview | null | undefined = undefined;
  private diffMarksValue: DiffMarks = NO_MARKS;

  private diffMarks(preview: Preview | null): DiffMarks {
    if (this.diffMarksFor !== preview) {
      this.diffMarksFor = preview;
      this.diffMarksValue = diffMarksOf(preview);
    }
    return this.diffMarksValue;
  }
  private dataList: Array<{ nodeId: string; data: StateNodeData; selected: boolean; label: string }> = [];

  getNodes = (): StateNodeType[] => {
    const s: EditorState = this.store.getState();
    const version = this.store.positions.getVersion();
    const key = [s.view, s.selection, s.draft, version, s.preview];
    if (key.every((k, i) => k === this.nodeKey[i])) return this.nodes;
    this.nodeKey = key;
    this.ensureFallback(s.view);
    const list = this.dataFor(s);
    const next: StateNodeType[] = new Array(list.length);
    const nextNodes = new Map<string, StateNodeType>();
    let changed = list.length !== this.nodes.length;
    for (let i = 0; i < list.length; i++) {
      const { nodeId, data, selected, label } = list[i]!;
      const position = this.positionOf(nodeId) ?? ORIGIN;
      const prevNode = this.nodeCache.get(nodeId);
      let node: StateNodeType;
      if (prevNode && prevNode.data === data && prevNode.position === position && prevNode.selected === selected) {
        node = prevNode;
      } else {
        node = {
          id: nodeId,
          type: "state",
          position,
          data,
          selected,
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          measured: MEASURED,
          handles: HANDLES,
          // Above its neighbours when selected (React Flow's own elevation would lift its edges
          // over every edge label).
          zIndex: selected ? 10 : 0,
          ariaLabel: label,
          ...(data.diff === "removed" ? { selectable: false, draggable: false, connectable: false } : {}),
        };
        changed = true;
      }
      if (!changed && this.nodes[i] !== node) changed = true;
      nextNodes.set(nodeId, node);
      next[i] = node;
    }
    this.nodeCache = nextNodes;
    if (changed) this.nodes = next;
    return this.nodes;
  };

  getEdges = (): TransitionEdgeType[] => {
    const s = this.store.getState();
    const key = [s.view, s.selection, s.draft, s.preview];
    if (key.every((k, i) => k === this.edgeKey[i])) return this.edges;
    this.edgeKey = key;
    const view = s.view;
    const world = view.world;
    // Typing in a state changes the view but no event: keep the edges (2,000 on a maximal world).
    const draftDirty0 = s.draft?.kind === "event" && isDirty(s.draft);
    const sig = [
      s.selection,
      view.draftEvent?.index,
      view.draftEvent?.edgeId,
      view.draftState?.viewId,
      view.draftState?.nodeId,
      draftDirty0,
      s.preview,
    ];
    const diffs = this.diffMarks(s.preview);
    if (
      sameItems(this.edgeEvents, world.scene.events) &&
      sameMarks(this.edgeMarks, view.marks.events) &&
      sig.every((k, i) => k === this.edgeSig[i]) &&
      sameStateSet(this.edgeStates, world.scene.states)
    ) {
      return this.edges;
    }
    this.edgeEvents = world.scene.events;
    this.edgeMarks = view.marks.events;
    this.edgeSig = sig;
    this.edgeStates = world.scene.states;
    const selected = selectedEdgeId(s.selection);
    const draftDirty = s.draft?.kind === "event" && isDirty(s.draft);
    const lanes = new Map<string, number>();
    const laneOf: number[] = [];
    const pairOf: string[] = [];
    world.scene.events.forEach((e, i) => {
      if (e.to === undefined || !view.index.stateIds.length) return;
      const pair = `${e.from}\u0000${e.to}`;
      const n = lanes.get(pair) ?? 0;
      laneOf[i] = n;
      pairOf[i] = pair;
      lanes.set(pair, n + 1);
    });

    const next: TransitionEdgeType[] = [];
    const nextCache = new Map<string, TransitionEdgeType>();
    const used = new Set<string>();
    let changed = false;
    world.scene.events.forEach((e, i) => {
      if (e.to === undefined) return;
      if (
        !Object.prototype.hasOwnProperty.call(world.scene.states, e.from) ||
        !Object.prototype.hasOwnProperty.call(world.scene.states, e.to)
      )
        return;
      let id = view.draftEvent?.index === i ? view.draftEvent.edgeId : edgeIdOf(e.from, e.name);
      if (used.has(id)) id = `${id}#${i}`;
      used.add(id);
      const source = this.store.nodeIdOf(e.from, view);
      const target = this.store.nodeIdOf(e.to, view);
      const problem = view.marks.events.get(i) ?? null;
      const unsaved = view.draftEvent?.index === i && draftDirty;
      const isSelected = selected === id;
      const lane = laneOf[i] ?? 0;
      const laneCount = lanes.get(pairOf[i] ?? "") ?? 1;
      const diff = diffs.events.get(edgeIdOf(e.from, e.name)) ?? null;
      const prev = this.edgeCache.get(id);
      let edge: TransitionEdgeType;
      if (
        prev &&
        prev.source === source &&
        prev.target === target &&
        prev.selected === isSelected &&
        prev.data !== undefined &&
        prev.data.name === e.name &&
        prev.data.hotkey === e.hotkey &&
        prev.data.problem === problem &&
        prev.data.unsaved === unsaved &&
        prev.data.diff === diff &&
        prev.data.lane === lane &&
        prev.data.lanes === laneCount
      ) {
        edge = prev;
      } else {
        const color = isSelected ? "var(--accent)" : problem === "error" ? "var(--danger)" : "var(--pw-edge)";
        edge = {
          id,
          type: "transition",
          source,
          target,
          selected: isSelected,
          data: { name: e.name, hotkey: e.hotkey, from: e.from, problem, unsaved, diff, lane, lanes: laneCount },
          markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14, color },
          ariaLabel: `Transition ${e.name} from ${e.from} to ${e.to}${e.hotkey ? `, hotkey ${e.hotkey}` : ""}`,
        };
        changed = true;
      }
      if (!changed && this.edges[next.length] !== edge) changed = true;
      nextCache.set(id, edge);
      next.push(edge);
    });
    // Transitions the preview removes stay as ghosts between states still drawn (or ghosts themselves).
    const removedStates = new Set(s.preview?.diff.states.removed ?? []);
    const drawn = (id: string) => Object.prototype.hasOwnProperty.call(world.scene.states, id) || removedStates.has(id);
    for (const e of s.preview?.diff.events.removed ?? []) {
      if (e.to === undefined || !drawn(e.from) || !drawn(e.to)) continue;
      const id = `${GHOST_EDGE_PREFIX}${edgeIdOf(e.from, e.name)}`;
      const original = s.resource.world.scene.events.find((x) => x.from === e.from && x.name === e.name);
      const edge: TransitionEdgeType = this.edgeCache.get(id) ?? {
        id,
        type: "transition",
        source: this.store.nodeIdOf(e.from, view),
        target: this.store.nodeIdOf(e.to, view),
        selectable: false,
        data: {
          name: e.name,
          hotkey: original?.hotkey ?? "",
          from: e.from,
          problem: null,
          unsaved: false,
          diff: "removed",
          lane: 0,
          lanes: 1,
        },
        markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14, color: "var(--danger)" },
        ariaLabel: `Transition ${e.name} from ${e.from} to ${e.to}, removed by the proposed change`,
      };
      changed = true;
      nextCache.set(id, edge);
      next.push(edge);
    }
    if (next.length !== this.edges.length) changed = true;
    this.edgeCache = nextCache;
    if (changed) this.edges = next;
    return this.edges;
  };
}
