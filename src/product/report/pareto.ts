/**
 * The non-dominated front of a set of points over two objectives: the points no other point beats
 * in one objective without losing in the other. Each variant's solver run finds its own front; the
 * study's front says which variants' points are worth a look at all.
 */

export interface Point2 {
  x: number;
  y: number;
}

export type Sense = 'min' | 'max';

/**
 * Whether each point is on the front, for objectives minimised or maximised as `senses` says.
 * Equal points do not dominate each other, so duplicates on the front are all on it. O(n log n):
 * sorted by the first objective, a point is on the front when it beats the best second objective
 * of every point before it.
 */
export function nonDominated(points: readonly Point2[], senses: readonly [Sense, Sense] = ['min', 'min']): boolean[] {
  const [sx, sy] = senses.map((s) => (s === 'min' ? 1 : -1));
  const order = points.map((_, i) => i).sort((a, b) => sx * (points[a].x - points[b].x) || sy * (points[a].y - points[b].y));
  const onFront = new Array<boolean>(points.length).fill(false);
  let bestY = Infinity;
  for (let start = 0; start < order.length;) {
    // Points with the same first objective are judged together: only the best second objective among them can be on the front.
    let end = start;
    while (end < order.length && points[order[end]].x === points[order[start]].x) end++;
    const groupBest = sy * points[order[start]].y;
    if (groupBest < bestY) {
      for (let i = start; i < end && sy * points[order[i]].y === groupBest; i++) onFront[order[i]] = true;
      bestY = groupBest;
    }
    start = end;
  }
  return onFront;
}
