import type { CardBlock } from "../../domain/content";
import { pageHref } from "../../shared/links";
import { Heading, type HeadingLevel } from "../components/heading";
import { Img } from "../components/img";
import type { BlockOf } from "./block-context";

/** A titled grid of cards, each leading to a general page through its bottom link. */
export function CardListBlock({ block }: { block: BlockOf<"card-list"> }) {
  if (block.cardBlocks.length === 0) return null;
  return (
    <section data-block="card-list" className="block block-cards">
      {block.title ? <h2 className="block-title">{block.title}</h2> : null}
      <ul className="card-grid">
        {block.cardBlocks.map((card, index) => (
          <Card key={`${index}-${card.title}`} card={card} level={block.title ? 3 : 2} />
        ))}
      </ul>
    </section>
  );
}

function Card({ card, level }: { card: CardBlock; level: HeadingLevel }) {
  return (
    <li className={card.generalPage ? "card card--linked" : "card"}>
      {card.image ? <Img media={card.image} slot="card" decorative className="card__image" /> : null}
      <div className="card__body">
        <Heading level={level} className="card__title">
          {card.title}
        </Heading>
        {card.content ? <p className="card__text">{card.content}</p> : null}
        {card.generalPage ? (
          <a href={pageHref(card.generalPage)} className="card__link stretched-link">
            {card.bottomLinkText ?? "Read more"}
            <span className="visually-hidden">: {card.title}</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
