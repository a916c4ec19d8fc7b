/** The resource groups of the reference, in its order. */
export const TAGS = [
  { name: "Worlds", description: "Create, import, list, read, update, fork and delete worlds." },
  { name: "Campaigns", description: "A book authored into a multi-chapter game: one world per chapter, in order, by a durable job." },
  { name: "Graph", description: "Read projections of a world's graph and edit it with ops and events, compare-and-set on `rev`." },
  {
    name: "Playtests",
    description:
      "Recorded play-throughs of a world: every graph write replays them and reports which still pass; a write may require them.",
  },
  {
    name: "Simulation",
    description:
      "A world as a reinforcement-learning environment: datasets of simulated episodes (JSONL and NPZ) exported by a durable job. The environment itself is served by the self-hosted runner, `npm run worlds -- sim serve`.",
  },
  { name: "Versions", description: "A world's branching tree of full snapshots, with a HEAD pointer." },
  { name: "Validation", description: "Run the kernel gate and lints without persisting." },
  { name: "Jobs", description: "Durable generation jobs: status, phase, progress (a campaign job: `actsDone`/`actsTotal`); cancellation." },
  { name: "Media", description: "Painted frames: seed frames and a world's next scene." },
  {
    name: "Vision",
    description:
      "Ground objects, describe scenes and run perception checks against frames: a live world's, an https URL's or base64. Each call meters under its own quota kind.",
  },
  {
    name: "Scenarios",
    description:
      "Scenario Studio: variation and counterfactual clips over a world, submitted as a durable batch, each rendered, verified, and accepted or rejected. A live clip is charged once, when it is accepted.",
  },
  { name: "Usage", description: "Daily quota use and billable runtime usage." },
  {
    name: "Runtime",
    description:
      "Session tokens and what the embed player calls with them: the world, heartbeats (`session_seconds`), speech. CORS for the app's embedding origins. The player shows each state's picture, label, `base`, `ambient` lines and events; `camera` and `movement` are renderer directions it never shows.",
  },
  {
    name: "Explore",
    description:
      "The public catalogue: live public worlds and characters, searched and sorted, and players' likes. No credential needed; any key may call it too.",
  },
  { name: "Characters", description: "Characters (a stance graph and a brain), talk turns and transcripts." },
  {
    name: "Players",
    description:
      "The players of an app and their chat time: plan (free or Plus), this month's chat, credit. A player is a `userRef`, or an anonymous player id (`ply_…`). Secret keys only.",
  },
  { name: "Apps", description: "Apps of the signed-in user (USER session)." },
  { name: "Keys", description: "An app's API keys (USER session). A secret is shown once, at creation." },
  {
    name: "Webhooks",
    description: "An app's webhook endpoints and their delivery logs (USER session). A signing secret is shown once, at creation.",
  },
  { name: "Meta", description: "This reference, machine-readable." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];
