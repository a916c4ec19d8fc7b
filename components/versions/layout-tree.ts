/**
 * Lays a version tree out as a commit graph: one row per version, newest on top, and one lane
 * (column) per branch. The first child of a version (oldest) continues its lane; each later
 * child opens a new lane to the right. Pure, so it is tested without a browser.
 */

export interface TreeInput {
  versionId: string;
  parentId: string | null;
  createdAt: string;
}

export interface TreeNode<V extends TreeInput> {
  version: V;
  /** 0 = top row (newest). */
  row: number;
  lane: number;
  /** Row and lane of the parent; null for a root (or a parent that is not in the list). */
  parent: { row: number; lane: number } | null;
  depth: number;
}

export interface TreeLayout<V extends TreeInput> {
  /** In row order (newest first). */
  nodes: TreeNode<V>[];
  lanes: number;
}

const byAge = (a: TreeInput, b: TreeInput) => a.createdAt.localeCompare(b.createdAt) || a.versionId.localeCompare(b.versionId);

export function layoutTree<V extends TreeInput>(versions: readonly V[]): TreeLayout<V> {
  const ids = new Set(versions.map((v) => v.versionId));
  const children = new Map<string | null, V[]>();
  for (const version of versions) {
    // A parent missing from the list (should not happen) makes the version a root.
    const parent = version.parentId !== null && ids.has(version.parentId) ? version.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(version);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort(byAge);

  const rows = new Map(
    [...versions]
      .sort(byAge)
      .reverse()
      .map((v, row) => [v.versionId, row] as const),
  );
  const lanes = new Map<string, number>();
  const depths = new Map<string, number>();
  let nextLane = 0;

  // Iterative depth-first walk, so that a long linear history cannot overflow the stack.
  const stack: Array<{ version: V; lane: number; depth: number }> = [];
  for (const root of [...(children.get(null) ?? [])].reverse()) stack.push({ version: root, lane: -1, depth: 0 });
  while (stack.length > 0) {
    const { version, lane: inherited, depth } = stack.pop()!;
    const lane = inherited === -1 ? nextLane++ : inherited;
    lanes.set(version.versionId, lane);
    depths.set(version.versionId, depth);
    const kids = children.get(version.versionId) ?? [];
    // Pushed in reverse so the oldest child is walked first and keeps the lane.
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ version: kids[i]!, lane: i === 0 ? lane : -1, depth: depth + 1 });
  }

  // Versions no root leads to (a parent cycle; the API never makes one) get lanes of their own.
  for (const version of versions) {
    if (lanes.has(version.versionId)) continue;
    lanes.set(version.versionId, nextLane++);
    depths.set(version.versionId, 0);
  }

  const nodes = versions
    .map((version): TreeNode<V> => {
      const parentId = version.parentId !== null && ids.has(version.parentId) ? version.parentId : null;
      return {
        version,
        row: rows.get(version.versionId)!,
        lane: lanes.get(version.versionId)!,
        depth: depths.get(version.versionId)!,
        parent: parentId === null ? null : { row: rows.get(parentId)!, lane: lanes.get(parentId)! },
      };
    })
    .sort((a, b) => a.row - b.row);
  return { nodes, lanes: nextLane };
}
