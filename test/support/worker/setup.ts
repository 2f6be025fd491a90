import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll } from "vitest";

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // The gazetteer of places the practitioner search starts from, as `npm run dev` and deploy load it.
  if (env.TEST_GAZETTEER) {
    const loaded = await env.DB.prepare("SELECT COUNT(*) AS n FROM places").first<{ n: number }>();
    if (!loaded?.n) await env.DB.batch(env.TEST_GAZETTEER.map((sql) => env.DB.prepare(sql)));
  }
});
