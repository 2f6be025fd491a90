/**
 * What a purge means, as pure rules over the content generations (adapters/kv/content-generations.ts).
 * A purge is a new version; the operations it touches take that version as their generation.
 * An entry loaded when its operation's generation was g is current while the generation is
 * still g; after a purge it is outdated: served only while its replacement loads, or when the
 * CMS fails (read-through.ts).
 */
import type { ContentGenerations } from "../../adapters/kv/content-generations";
import { isTag } from "./document-tags";

/** The generation of values derived from several operations: every purge moves it. */
export const DERIVED_GENERATION = "derived";

export const generationOf = (generations: ContentGenerations, operation: string): number => generations.operations[operation] ?? 0;

/**
 * The generation an entry must have been loaded under to be current: its operation's, or a
 * later purge of one of the documents or addresses it is tagged with.
 */
export function requiredGeneration(generations: ContentGenerations, operation: string, tags: readonly string[] | undefined): number {
  let required = generationOf(generations, operation);
  for (const tag of tags ?? []) required = Math.max(required, generations.tags?.[tag] ?? 0);
  return required;
}

/**
 * The generations after a purge of `purged` (operation names and document tags), from the
 * latest value known. The version is a millisecond clock reading, kept strictly increasing, so
 * a version is never used twice even if the stored value was lost or a second writer raced this
 * one. A tag older than `retainTagsMs` is dropped: no entry loaded before it is still alive, so
 * the value stays as small as the documents edited within an entry's lifetime.
 */
export function afterPurge(latest: ContentGenerations, purged: readonly string[], now: number, retainTagsMs = Number.POSITIVE_INFINITY): ContentGenerations {
  const version = Math.max(latest.version + 1, now);
  const operations = purged.filter((item) => !isTag(item));
  const tags = purged.filter(isTag);
  const touched = Object.fromEntries([...operations, DERIVED_GENERATION].map((operation) => [operation, version]));
  const next: ContentGenerations = { version, operations: { ...latest.operations, ...touched } };
  const kept = Object.entries(latest.tags ?? {}).filter(([, at]) => at >= now - retainTagsMs);
  if (kept.length > 0 || tags.length > 0) next.tags = { ...Object.fromEntries(kept), ...Object.fromEntries(tags.map((tag) => [tag, version])) };
  return next;
}
