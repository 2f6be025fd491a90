import type { LargeCard } from "../../domain/content";
import { pageHref } from "../../shared/links";
import { Heading, type HeadingLevel } from "../components/heading";
import { Img } from "../components/img";
import type { BlockOf } from "./block-context";

/** Large image tiles that signpost the site's main areas; the whole tile is the link. */
export function LargeCardsBlock({ block }: { block: BlockOf<"large-cards"> }) {
  if (block.cards.length === 0) return null;
  return (
    <section data-block="large-cards" className="block block-large-cards">
      {block.title ? <h2 className="block-title">{block.title}</h2> : null}
      <ul className="feature-grid">
        {block.cards.map((card, index) => (
          <FeatureCard key={`${index}-${card.title}`} card={card} level={block.title ? 3 : 2} />
        ))}
      </ul>
    </section>
  );
}

function FeatureCard({ card, level }: { card: LargeCard; level: HeadingLevel }) {
  return (
    <li className="feature-card">
      {card.image ? <Img media={card.image} slot="card" decorative className="feature-card__image" /> : null}
      <div className="feature-card__body">
        <Heading level={level} className="feature-card__title">
          {card.link ? (
            <a href={pageHref(card.link)} className="stretched-link">
              {card.title}
            </a>
          ) : (
            card.title
          )}
        </Heading>
        {card.subtitle ? <p className="feature-card__subtitle">{card.subtitle}</p> : null}
      </div>
    </li>
  );
}
