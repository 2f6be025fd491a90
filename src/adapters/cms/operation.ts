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
  parse(data: unknown, variables: Vars): Result;
}

export function defineOperation<Vars extends Record<string, unknown>, S extends z.ZodType, Result>(spec: {
  name: string;
  document: string;
  models: readonly string[];
  schema: S;
  map: (data: z.output<S>, variables: Vars) => Result;
}): Operation<Vars, Result> {
  return {
    name: spec.name,
    document: spec.document,
    models: spec.models,
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
