/**
 * Every request has an id: every log line written while it is handled carries it, the response
 * says it (X-Request-Id), and an error page shows it so a member can quote it to the society.
 */
import { describe, expect, it, vi } from "vitest";
import { fetchWith } from "../support/worker/helpers";

function captureErrors() {
  const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
  return () => spy.mock.calls.map((args) => JSON.parse(String(args[0])) as { event: string; requestId?: string });
}

describe("request ids", () => {
  it("name the request in its log lines, its response and its error page", async () => {
    const logged = captureErrors();
    const response = await fetchWith({ CMS_URL: "http://127.0.0.1:9" }, "/");
    expect(response.status).toBe(503);
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await response.text()).toContain(`quote the reference <code>${id}</code>`);
    const lines = logged();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.requestId !== id)).toEqual([]);
    expect(lines.some((line) => line.event === "request.failed")).toBe(true);
  });

  it("are Cloudflare's Ray id when there is one, and say it in JSON errors too", async () => {
    const response = await fetchWith({}, "/api/auth/no-such-endpoint", { headers: { "CF-Ray": "8a1b2c3d4e5f6a7b-LHR", Accept: "application/json" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Request-Id")).toBe("8a1b2c3d4e5f6a7b");
    expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND", requestId: "8a1b2c3d4e5f6a7b" } });
  });

  it("differ from one request to the next", async () => {
    const [a, b] = await Promise.all([fetchWith({}, "/robots.txt"), fetchWith({}, "/robots.txt")]);
    expect(a.headers.get("X-Request-Id")).not.toBe(b.headers.get("X-Request-Id"));
  });
});
