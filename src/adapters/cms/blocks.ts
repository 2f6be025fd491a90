/**
 * Maps a `blocks` dynamic zone into domain blocks. Each block is validated on its own: an
 * unknown kind or a malformed block is skipped and logged, so one bad block never breaks a page.
 * Text is sanitised here, once; a page that shows its own title as the h1 passes that title, so a
 * first text block that opens by repeating it loses that heading (see drop-repeated-title.ts).
 */
import * as z from "zod";
import { log } from "../../log";
import type { Block } from "../../domain/content";
import {
  callToAction,
  media,
  MembershipAttributes,
  optionalString,
  pageRef,
  relationMany,
  relationOne,
  WebinarSummaryAttributes,
} from "./schemas";
import { markdownToSafeHtml } from "./rich-text";

const blockId = z.union([z.string(), z.number()]).transform(String);
const richText = (pageTitle?: string) =>
  z
    .string()
    .nullish()
    .transform((value) => markdownToSafeHtml(value ?? "", { pageTitle }));

/** The blocks that hold rich text, with their text read for a page titled `pageTitle` (if any). */
const textBlockSchemas = (pageTitle?: string) => ({
  ComponentBlocksText: z
    .object({ id: blockId, content: richText(pageTitle) })
    .transform((b): Block => ({ kind: "text", ...b })),
  ComponentBlocksTextWithImage: z
    .object({
      id: blockId,
      content: richText(pageTitle),
      image: media,
      imagePosition: z.enum(["left", "right"]).nullish().transform((v) => v ?? "right"),
    })
    .transform((b): Block => ({ kind: "text-with-image", ...b })),
});

type TextTypename = keyof ReturnType<typeof textBlockSchemas>;

const BLOCK_SCHEMAS = {
  ...textBlockSchemas(),
  ComponentBlocksImage: z
    .object({ id: blockId, caption: optionalString, image: media.refine((m) => m !== null, "image is required") })
    .transform((b): Block => ({ kind: "image", id: b.id, caption: b.caption, image: b.image! })),
  ComponentBlocksButton: z
    .object({
      id: blockId,
      title: z.string().min(1),
      externalLink: optionalString,
      internalLink: pageRef,
      alignment: z.enum(["left", "center", "right"]).nullish().transform((v) => v ?? "left"),
    })
    .transform((b): Block => ({ kind: "button", ...b })),
  ComponentBlocksCardList: z
    .object({
      id: blockId,
      title: optionalString,
      cardBlocks: z
        .array(
          z.object({
            title: z.string().min(1),
            bottomLinkText: optionalString,
            content: optionalString,
            generalPage: pageRef,
            image: media,
          }),
        )
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform((b): Block => ({ kind: "card-list", ...b })),
  ComponentBlocksWebinarsList: z
    .object({
      id: blockId,
      title: optionalString,
      filter: z.enum(["upcoming", "past", "all", "memberFree"]).nullish().transform((v) => v ?? "upcoming"),
      webinars: relationMany(WebinarSummaryAttributes),
    })
    .transform((b): Block => ({ kind: "webinars-list", ...b })),
  ComponentBlocksFlipbook: z
    .object({ id: blockId, subjectTitle: z.string().min(1), flipbookLink: optionalString, file: media })
    .transform((b): Block => ({ kind: "flipbook", ...b })),
  ComponentBlocksEmbed: z
    .object({ id: blockId, title: optionalString, snippet: z.string().min(1) })
    .transform((b): Block => ({ kind: "embed", id: b.id, title: b.title ?? "Embedded content", snippet: b.snippet })),
  ComponentBlocksMembershipSettings: z
    .object({
      id: blockId,
      subscriptionPriceId: optionalString,
      offlinePriceId: optionalString,
      initialPriceId: optionalString,
      halfOffCouponId: optionalString,
      membership: relationOne(MembershipAttributes),
    })
    .transform((b): Block => ({ kind: "membership-settings", ...b })),
  ComponentBlocksHeroBanner: z
    .object({
      id: blockId,
      preTitle: optionalString,
      title: z.string().min(1),
      subtitle: optionalString,
      callToAction,
      image: media,
    })
    .transform((b): Block => ({ kind: "hero-banner", ...b })),
  ComponentBlocksLargeCards: z
    .object({
      id: blockId,
      title: optionalString,
      cards: z
        .array(z.object({ title: z.string().min(1), subtitle: optionalString, link: pageRef, image: media }))
        .nullish()
        .transform((v) => v ?? []),
    })
    .transform((b): Block => ({ kind: "large-cards", ...b })),
} satisfies Record<string, z.ZodType<Block>>;

type KnownTypename = keyof typeof BLOCK_SCHEMAS;

const isKnown = (typename: string): typename is KnownTypename => Object.hasOwn(BLOCK_SCHEMAS, typename);
const isText = (typename: KnownTypename): typename is TextTypename =>
  typename === "ComponentBlocksText" || typename === "ComponentBlocksTextWithImage";

export interface ParseBlocksOptions {
  /** The title the page shows as its h1; the first block's heading that repeats it is dropped. */
  pageTitle?: string;
}

/** Parses a dynamic zone. `where` names the owning entry in log lines (e.g. "generalPage:about"). */
export function parseBlocks(raw: unknown, where: string, { pageTitle }: ParseBlocksOptions = {}): Block[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) {
    log.error("cms.blocks_invalid", { where, reason: "blocks is not a list" });
    return [];
  }
  const blocks: Block[] = [];
  raw.forEach((item: unknown, index) => {
    const typename = typeof item === "object" && item !== null ? (item as { __typename?: unknown }).__typename : undefined;
    if (typeof typename !== "string" || !isKnown(typename)) {
      log.warn("cms.block_unknown", { where, index, typename: String(typename) });
      return;
    }
    // Only the block that opens the page can repeat its title.
    const opensPage = blocks.length === 0 && pageTitle !== undefined;
    const schema = opensPage && isText(typename) ? textBlockSchemas(pageTitle)[typename] : BLOCK_SCHEMAS[typename];
    const result = schema.safeParse(item);
    if (result.success) blocks.push(result.data);
    else log.error("cms.block_invalid", { where, index, typename, issues: z.prettifyError(result.error) });
  });
  return blocks;
}
