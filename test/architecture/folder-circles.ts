/**
 * Circles between folders, which dependency-cruiser's own `circular` rule (between files) does not
 * see: two folders side by side under one parent, each taken with all it holds, that import each
 * other, directly or round a ring of siblings. A folder and its own subfolders are not peers, so
 * a parent's files using a child's (and back) is not counted.
 */
export interface ImportEdge {
  from: string;
  to: string;
}

/** Each circle as the parent folder and its sibling folders on the ring, sorted. */
export function siblingFolderCircles(edges: ImportEdge[]): { parent: string; folders: string[] }[] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = from.split('/').slice(0, -1);
    const b = to.split('/').slice(0, -1);
    let shared = 0;
    while (shared < Math.min(a.length, b.length) && a[shared] === b[shared]) shared++;
    if (shared === a.length || shared === b.length) continue;
    const parent = a.slice(0, shared).join('/') || '.';
    const key = (folder: string) => `${parent}\u0000${folder}`;
    if (!next.has(key(a[shared]))) next.set(key(a[shared]), new Set());
    next.get(key(a[shared]))!.add(key(b[shared]));
  }
  return stronglyConnected(next).filter((ring) => ring.length > 1).map((ring) => ({
    parent: ring[0].split('\u0000')[0],
    folders: ring.map((k) => k.split('\u0000')[1]).sort(),
  }));
}

/** Tarjan's strongly connected components. */
function stronglyConnected(next: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return components;
}
