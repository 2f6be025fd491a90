import * as z from "zod";

/** Why a CMS call failed; the cache decides whether a stale copy may stand in. */
export class CmsError extends Error {
  override readonly name = "CmsError";
  constructor(
    readonly kind: "network" | "timeout" | "http" | "graphql" | "malformed" | "invalid",
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * A named GraphQL operation against the CMS: its document, the CMS models whose changes make
 * its cached responses stale, and how its `data` is validated and mapped into the domain.
 */
export interface Operation<Vars extends Record<string, unknown>, Result> {
  readonly name: string;
  readonly document: string;
  readonly models: readonly string[];
  /**
   * Models (among `models`) whose documents this operation shows only one by one, each found by
   * reference or by its address, never as a list a new document could join: a change to one
   * such document outdates only the answers that hold it (every documentId in the answer) or
   * that were looked up at its address (services/cache/document-tags.ts).
   */
  readonly documentModels: readonly string[];
  /** The one document this operation looks up, by model and address (an address nothing is published at is an answer too). */
  readonly lookup: { model: string; address: (variables: Vars) => string } | null;
  parse(data: unknown, variables: Vars): Result;
}

export function defineOperation<Vars extends Record<string, unknown>, S extends z.ZodType, Result>(spec: {
  name: string;
  document: string;
  models: readonly string[];
  documentModels?: readonly string[];
  lookup?: { model: string; address: (variables: Vars) => string };
  schema: S;
  map: (data: z.output<S>, variables: Vars) => Result;
}): Operation<Vars, Result> {
  return {
    name: spec.name,
    document: spec.document,
    models: spec.models,
    documentModels: spec.documentModels ?? [],
    lookup: spec.lookup ?? null,
    parse(data, variables) {
      const result = spec.schema.safeParse(data);
      if (!result.success) {
        throw new CmsError("invalid", `CMS response for ${spec.name} did not match the content model`, {
          operation: spec.name,
          issues: z.prettifyError(result.error),
        });
      }
      return spec.map(result.data, variables);
    },
  };
}

/** Every documentId in a CMS answer, at any depth: the documents it shows (Strapi's documentIds are unique across models). */
export function documentIdsIn(data: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(data)) {
    for (const item of data) documentIdsIn(item, found);
  } else if (data !== null && typeof data === "object") {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (key === "documentId" && typeof value === "string") found.add(value);
      else documentIdsIn(value, found);
    }
  }
  return found;
}
