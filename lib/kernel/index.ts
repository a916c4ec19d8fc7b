// The world kernel's public surface. Pure: imports zod and itself only, so it runs in the
// browser (live lints in the editor) exactly as on the server.

export {
  DEFAULT_LIMITS,
  ENDING_OUTCOMES,
  EVENT_KINDS,
  SEVERITIES,
  ZCameraSpec,
  ZDiagnostic,
  ZEnding,
  ZEntrance,
  ZEvent,
  ZMovementSpec,
  ZScene,
  ZSlots,
  ZState,
  ZStateInput,
  ZSubjectRef,
  ZVariant,
  ZWorld,
  ZWorldInput,
} from "./schema";
export type {
  CameraSpec,
  Diagnostic,
  Ending,
  Entrance,
  Event,
  EventKind,
  Limits,
  MovementSpec,
  Scene,
  Severity,
  Slots,
  State,
  StateInput,
  SubjectRef,
  Variant,
  World,
  WorldInput,
} from "./schema";

export { withStateDefaults, withWorldDefaults } from "./state-defaults";

export { formatIssues, formatPath, parseWorld, MAX_ISSUE_MESSAGES } from "./parse-world";
export type { ParseWorldOptions, ParseWorldResult } from "./parse-world";

export { buildGraphIndex, getState, hasState, isEndingState, isOverride, isTransition } from "./graph-index";
export type { GraphIndex } from "./graph-index";

export { LINTS, listLints } from "./lints";
export { lintFix, plainDiagnostic, stateTitle } from "./plain-words";
export type { PlainDiagnostic } from "./plain-words";
export type { LintMeta, LintName } from "./lints";

export { checkWorld, hasErrors, validateWorld } from "./validate-world";
export type { CheckWorldResult, ValidateOptions } from "./validate-world";

export { fillTemplate, findFill, findSlots } from "./templates";
export { askExamples, canvasName, captionOf, idInWords, namesOfState, shownNameOf } from "./state-names";
export type { SlotUse } from "./templates";

export {
  OPS,
  OP_NAMES,
  ZAddEventBody,
  ZAddEventOp,
  ZAddStateOp,
  ZAddVariantOp,
  ZDeleteEventOp,
  ZDeleteStateOp,
  ZOp,
  ZOpList,
  ZRemoveVariantOp,
  ZSetEntranceOp,
  ZSetSubjectRefOp,
  ZUpdateEventOp,
  ZUpdateStateOp,
  ZVariantInput,
  addEventOp,
} from "./ops";
export type {
  AddEventBody,
  AddEventOp,
  AddStateOp,
  AddVariantOp,
  DeleteEventOp,
  DeleteStateOp,
  Op,
  OpName,
  RemoveVariantOp,
  SetEntranceOp,
  SetSubjectRefOp,
  UpdateEventOp,
  UpdateStateOp,
  VariantInput,
} from "./ops";

export { applyOps } from "./apply-ops";
export type { ApplyOpsResult } from "./apply-ops";

export { invertOps, lostOnUndo } from "./invert-ops";

export { diffWorlds, isEmptyDiff, jsonEqual } from "./diff-worlds";
export type { EventChange, EventRef, StateChange, WorldDiff } from "./diff-worlds";

export { mockWorld } from "./mock-world";
export type { MockWorldInput } from "./mock-world";

export { createPrng, hashHex, hashString } from "./hash";
export type { Prng } from "./hash";

export { replayPlaytest, replayPlaytests } from "./playtest";
export type { Playtest, PlaytestBreak, PlaytestFailure, PlaytestReport, PlaytestStep } from "./playtest";
