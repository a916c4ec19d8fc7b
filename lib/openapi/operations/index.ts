import type { Operation } from "../operation";
import { APPS } from "./apps";
import { CAMPAIGNS } from "./campaigns";
import { CHARACTERS } from "./characters";
import { DATASETS } from "./datasets";
import { EXPLORE } from "./explore";
import { GRAPH } from "./graph";
import { JOBS } from "./jobs";
import { KEYS } from "./keys";
import { MEDIA } from "./media";
import { META } from "./meta";
import { PLAYERS } from "./players";
import { PLAYTESTS } from "./playtests";
import { RUNTIME } from "./runtime";
import { SCENARIOS } from "./scenarios";
import { USAGE } from "./usage";
import { VALIDATION } from "./validation";
import { VERSIONS } from "./versions";
import { VISION } from "./vision";
import { WEBHOOKS } from "./webhooks";
import { WORLDS } from "./worlds";

export { TAGS, type Tag } from "../tags";

/** Every /v1 operation, in the order of the document's `paths`. */
export const OPERATIONS: Operation[] = [
  ...WORLDS,
  ...CAMPAIGNS,
  ...GRAPH,
  ...PLAYTESTS,
  ...DATASETS,
  ...VERSIONS,
  ...VALIDATION,
  ...USAGE,
  ...RUNTIME,
  ...EXPLORE,
  ...CHARACTERS,
  ...PLAYERS,
  ...APPS,
  ...KEYS,
  ...WEBHOOKS,
  ...META,
  ...JOBS,
  ...MEDIA,
  ...VISION,
  ...SCENARIOS,
];
