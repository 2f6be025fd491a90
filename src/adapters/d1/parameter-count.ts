/** The highest parameter (?N) a statement uses, so it is bound with exactly that many values. */
export function parameterCount(sql: string): number {
  return Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
}
