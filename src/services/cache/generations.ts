/**
 * What a purge means, as pure rules over the content generations (adapters/kv/content-generations.ts).
 * A purge is a new version; the operations it touches take that version as their generation.
 * An entry loaded when its operation's generation was g is current while the generation is
 * still g; after a purge it is outdated: served only while its replacement loads, or when the
 * CMS fails (read-through.ts).
 */
import type { ContentGenerations } from "../../adapters/kv/content-generations";

/** The generation of values derived from several operations: every purge moves it. */
export const DERIVED_GENERATION = "derived";

export const generationOf = (generations: ContentGenerations, operation: string): number => generations.operations[operation] ?? 0;

/**
 * The generations after a purge of `operations`, from the latest value known. The version is
 * a millisecond clock reading, kept strictly increasing, so a version is never used twice even
 * if the stored value was lost or a second writer raced this one.
 */
export function afterPurge(latest: ContentGenerations, operations: readonly string[], now: number): ContentGenerations {
  const version = Math.max(latest.version + 1, now);
  const touched = Object.fromEntries([...operations, DERIVED_GENERATION].map((operation) => [operation, version]));
  return { version, operations: { ...latest.operations, ...touched } };
}
