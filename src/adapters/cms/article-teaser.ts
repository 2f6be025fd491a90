/**
 * An article's teaser for lists: its top-level summary and image when the editor set them, else
 * taken from its blocks (articles written the original way have only blocks): the first image
 * in the blocks, and the first paragraph of the first text block with one, as plain text,
 * shortened at a word to about TEASER_MAX_CHARACTERS.
 */
import * as z from "zod";
import type { ArticleSummary, Media } from "../../domain/content";
import { markdownFirstParagraph } from "./rich-text";
import { media, optionalString } from "./schemas";

export const TEASER_MAX_CHARACTERS = 240;

const mediaSelection = "{ data { attributes { ...MediaFields } } }";

/** The only parts of an article's blocks a teaser reads (needs the MediaFields fragment). */
export const TEASER_BLOCKS_SELECTION = `teaserBlocks: blocks {
  __typename
  ... on ComponentBlocksText { content }
  ... on ComponentBlocksTextWithImage { content image ${mediaSelection} }
  ... on ComponentBlocksImage { image ${mediaSelection} }
}`;

const TeaserBlock = z.object({ __typename: z.string().optional(), content: optionalString.optional(), image: media.optional() }).passthrough();

export const teaserBlocks = z
  .array(z.unknown())
  .nullish()
  .transform((blocks) => (blocks ?? []).flatMap((block) => {
    const parsed = TeaserBlock.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  }));

type TeaserBlocks = z.output<typeof teaserBlocks>;

export function articleTeaser(fields: { summary: string | null; image: Media | null }, blocks: TeaserBlocks): ArticleSummary["teaser"] {
  const summary = fields.summary?.trim() ? fields.summary : firstParagraph(blocks);
  const image = fields.image ?? blocks.find((block) => block.image)?.image ?? null;
  return { summary, image };
}

function firstParagraph(blocks: TeaserBlocks): string | null {
  for (const block of blocks) {
    if (!block.content) continue;
    const paragraph = markdownFirstParagraph(block.content);
    if (paragraph) return shorten(paragraph);
  }
  return null;
}

/** At most TEASER_MAX_CHARACTERS, cut at a word and marked with an ellipsis. */
export function shorten(text: string): string {
  if (text.length <= TEASER_MAX_CHARACTERS) return text;
  const cut = text.slice(0, TEASER_MAX_CHARACTERS + 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > TEASER_MAX_CHARACTERS / 2 ? cut.slice(0, atWord) : cut.slice(0, TEASER_MAX_CHARACTERS)).replace(/[\s,;:.–—-]+$/, "")}…`;
}
