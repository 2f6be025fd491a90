import { RichText } from "../components/rich-text";
import type { BlockOf } from "./block-context";

export function TextBlock({ block }: { block: BlockOf<"text"> }) {
  return (
    <div data-block="text" className="block block-text">
      <RichText html={block.content} />
    </div>
  );
}
