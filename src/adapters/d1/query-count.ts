/**
 * A D1 database that counts the queries made through it (each statement run, and each statement
 * of a batch), so a job can log how many one invocation used: Cloudflare allows 1,000 a Worker
 * invocation, and local D1 does not enforce it.
 */
export interface CountedDatabase {
  db: D1Database;
  queries(): number;
}

/** A counted statement's own statement, which the runtime's batch needs. */
const RAW = Symbol("raw statement");

export function countQueries(db: D1Database): CountedDatabase {
  let queries = 0;
  const counted = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, property) {
        if (property === RAW) return target;
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => counted((value as (...v: unknown[]) => D1PreparedStatement).apply(target, values));
        if (property === "first" || property === "all" || property === "run" || property === "raw") {
          return (...args: unknown[]) => {
            queries += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const proxy = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property === "prepare") return (sql: string) => counted(target.prepare(sql));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          queries += statements.length;
          // The batch needs the runtime's own statements, not their proxies.
          return target.batch(statements.map((s) => (s as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? s));
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, queries: () => queries };
}
