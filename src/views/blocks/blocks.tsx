import type { Block } from "../../domain/content";
import type { BlockContext } from "./block-context";
import { ButtonBlock } from "./button";
import { CardListBlock } from "./card-list";
import { EmbedBlock } from "./embed";
import { FlipbookBlock } from "./flipbook";
import { HeroBannerBlock } from "./hero-banner";
import { ImageBlock } from "./image";
import { LargeCardsBlock } from "./large-cards";
import { MembershipSettingsBlock } from "./membership-settings";
import { TextBlock } from "./text";
import { TextWithImageBlock } from "./text-with-image";
import { WebinarsListBlock } from "./webinars-list";

export interface BlocksProps {
  blocks: readonly Block[];
  ctx: BlockContext;
  /**
   * Whether the page already has its h1 (a general page's title). When it does not (the home
   * page), a hero banner that opens the page is the h1.
   */
  hasTitle?: boolean;
}

/** A page's blocks, in order. */
export function Blocks({ blocks, ctx, hasTitle = true }: BlocksProps) {
  return (
    <div className="blocks">
      {blocks.map((block, index) => (
        <BlockView key={`${block.kind}-${block.id}-${index}`} block={block} ctx={ctx} isFirst={index === 0} nearTop={index < 2} hasTitle={hasTitle} />
      ))}
    </div>
  );
}

interface BlockViewProps {
  block: Block;
  ctx: BlockContext;
  isFirst: boolean;
  /** Among the first blocks, so likely in the first view: its image loads eagerly. */
  nearTop: boolean;
  hasTitle: boolean;
}

function BlockView({ block, ctx, isFirst, nearTop, hasTitle }: BlockViewProps) {
  switch (block.kind) {
    case "text":
      return <TextBlock block={block} />;
    case "text-with-image":
      return <TextWithImageBlock block={block} priority={nearTop} />;
    case "image":
      return <ImageBlock block={block} priority={nearTop} />;
    case "button":
      return <ButtonBlock block={block} ctx={ctx} />;
    case "card-list":
      return <CardListBlock block={block} />;
    case "webinars-list":
      return <WebinarsListBlock block={block} ctx={ctx} />;
    case "flipbook":
      return <FlipbookBlock block={block} ctx={ctx} />;
    case "embed":
      return <EmbedBlock block={block} ctx={ctx} />;
    case "membership-settings":
      return <MembershipSettingsBlock block={block} ctx={ctx} />;
    case "hero-banner":
      return <HeroBannerBlock block={block} ctx={ctx} isFirst={isFirst} isPageHeading={isFirst && !hasTitle} />;
    case "large-cards":
      return <LargeCardsBlock block={block} />;
    default:
      return unreachable(block);
  }
}

/** The adapter drops unknown kinds; this makes adding a kind without a view a type error. */
function unreachable(block: never): null {
  void block;
  return null;
}
