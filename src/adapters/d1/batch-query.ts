/**
 * A query one statement of a D1 batch runs inside itself, evaluated when the batch reaches that
 * statement: a condition (`SELECT 1 FROM … WHERE …`: does the row exist?) or a value (a receipt
 * number allocated earlier in the same batch). Anonymous `?` placeholders, bound to `params`.
 */
export interface BatchQuery {
  select: string;
  params: readonly unknown[];
}
