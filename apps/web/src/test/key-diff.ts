type Dict = Record<string, string>;

/** Keys present in one dictionary and missing from the other. */
export function keyDiff(a: Dict, b: Dict): { onlyInFirst: string[]; onlyInSecond: string[] } {
  return {
    onlyInFirst: Object.keys(a).filter((k) => !(k in b)).sort(),
    onlyInSecond: Object.keys(b).filter((k) => !(k in a)).sort(),
  };
}
