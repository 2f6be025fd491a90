import { Img } from "../components/img";
import type { BlockOf } from "./block-context";

export function ImageBlock({ block, priority = false }: { block: BlockOf<"image">; priority?: boolean }) {
  return (
    <figure data-block="image" className="block block-image">
      <Img media={block.image} slot="content" className="rounded" priority={priority} />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}
