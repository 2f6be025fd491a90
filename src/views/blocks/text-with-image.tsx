import { Img } from "../components/img";
import { RichText } from "../components/rich-text";
import type { BlockOf } from "./block-context";

/** Text beside an image; the image sits on the side the editor chose and above the text on phones. */
export function TextWithImageBlock({ block, priority = false }: { block: BlockOf<"text-with-image">; priority?: boolean }) {
  const side = block.image ? `block-split--image-${block.imagePosition}` : "block-split--no-image";
  return (
    <div data-block="text-with-image" className={`block block-split ${side}`}>
      <div className="block-split__text">
        <RichText html={block.content} />
      </div>
      {block.image ? (
        <div className="block-split__media">
          <Img media={block.image} slot="half" className="rounded" priority={priority} />
        </div>
      ) : null}
    </div>
  );
}
