// Weight brackets are half-open: [from, to). A weight of exactly `to` belongs to the next bracket.

export interface Bracket {
  from: number;
  to: number;
}

export const inBracket = (b: Bracket, value: number) => value >= b.from && value < b.to;

/** Pairs of indexes whose brackets overlap within the same group key. */
export function findOverlaps<T extends Bracket>(rows: readonly T[], groupKey: (row: T) => string): [number, number][] {
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const k = groupKey(r);
    const list = groups.get(k);
    if (list) list.push(i);
    else groups.set(k, [i]);
  });
  const overlaps: [number, number][] = [];
  for (const idx of groups.values()) {
    const sorted = [...idx].sort((a, b) => rows[a]!.from - rows[b]!.from);
    // After sorting by `from`, a row overlaps any earlier row whose `to` reaches past its `from`.
    let reach = -Infinity;
    let reachIdx = -1;
    for (const i of sorted) {
      if (rows[i]!.from < reach) overlaps.push([reachIdx, i]);
      if (rows[i]!.to > reach) {
        reach = rows[i]!.to;
        reachIdx = i;
      }
    }
  }
  return overlaps;
}
