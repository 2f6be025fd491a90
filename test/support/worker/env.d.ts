// The bindings tests see through `env` from "cloudflare:test" (vitest.config.ts sets them).
import type { D1Migration } from "cloudflare:test";
import type { Bindings } from "../../../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** The gazetteer's load (scripts/lib/gazetteer.mjs); absent in the volume project. */
      TEST_GAZETTEER?: string[];
      FAKE_CMS_URL: string;
      STRIPE_API_URL: string;
    }
  }
}

