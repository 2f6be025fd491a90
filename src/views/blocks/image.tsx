import { Img } from "../components/img";
import type { BlockOf } from "./block-context";

export function ImageBlock({ block }: { block: BlockOf<"image"> }) {
  return (
    <figure data-block="image" className="block block-image">
      <Img media={block.image} slot="content" className="rounded" />
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}
