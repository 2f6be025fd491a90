// Mappers need the lazily loaded rich-text pipeline (src/adapters/cms/rich-text.ts); in the
// Worker the CMS client loads it before mapping, here every test file loads it up front.
import { beforeAll } from "vitest";
import { loadRichTextPipeline } from "../../../src/adapters/cms/rich-text";

beforeAll(() => loadRichTextPipeline());
