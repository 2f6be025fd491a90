/** The door's check-ins kept on the phone: queued once, sent when possible, settled by the server's answer. */
import { describe, expect, it } from "vitest";
import { enqueue, flush, load, save, type CheckInAnswer, type QueuedCheckIn, type Send } from "../../../client/check-in/queue";

/** Browser storage as a Map (the unit runtime has no localStorage). */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const answer = (outcome: CheckInAnswer["outcome"], name: string | null = "Ada Lovelace"): CheckInAnswer => ({
  outcome,
  name,
  checkedInAt: "2027-03-12T09:41:00.000Z",
  message: outcome === "done" ? `Checked in: ${name}` : outcome === "already" ? `Already checked in: this ticket has been used: ${name} (at 09:41)` : "This ticket is for another event",
});

/** A Send that answers from a script, one reply per call, and records what it sent. */
function scripted(...replies: Awaited<ReturnType<Send>>[]): Send & { sent: string[] } {
  const sent: string[] = [];
  const send = Object.assign(async (item: QueuedCheckIn) => {
    sent.push(item.key);
    return replies.shift() ?? "offline";
  }, { sent });
  return send;
}

describe("the check-in queue", () => {
  it("queues a ticket once, scanned or picked by name", () => {
    const items: QueuedCheckIn[] = [];
    expect(enqueue(items, { code: "guildhall-ticket:abc123456" })).toMatchObject({ state: "pending", label: "Ticket …123456" });
    expect(enqueue(items, { code: "guildhall-ticket:abc123456" })).toBeNull();
    expect(enqueue(items, { attendeeId: "a1", name: "Ada Lovelace" })).toMatchObject({ label: "Ada Lovelace" });
    expect(items.map((i) => i.key)).toEqual(["id:a1", "code:guildhall-ticket:abc123456"]);
  });

  it("keeps check-ins made offline through a reload, and sends them oldest first when the connection returns", async () => {
    const storage = memoryStorage();
    const items: QueuedCheckIn[] = [];
    enqueue(items, { attendeeId: "a1", name: "Ada Lovelace" });
    enqueue(items, { code: "guildhall-ticket:zzz999999" });
    const offline = scripted("offline");
    await flush(items, offline, () => save(storage, "e1", items));
    expect(load(storage, "e1").map((i) => i.state)).toEqual(["pending", "pending"]);

    const reloaded = load(storage, "e1");
    const online = scripted(answer("done"), answer("other-event", null));
    await flush(reloaded, online, () => save(storage, "e1", reloaded));
    expect(online.sent).toEqual(["id:a1", "code:guildhall-ticket:zzz999999"]);
    expect(load(storage, "e1").map((i) => [i.label, i.state, i.message])).toEqual([
      ["Ticket …999999", "refused", "This ticket is for another event"],
      ["Ada Lovelace", "sent", "Checked in: Ada Lovelace"],
    ]);
  });

  it("refuses a ticket already used before it was queued", async () => {
    const items: QueuedCheckIn[] = [];
    enqueue(items, { code: "used" });
    await flush(items, scripted(answer("already")), () => undefined);
    expect(items[0]).toMatchObject({ state: "refused", message: "Already checked in: this ticket has been used: Ada Lovelace (at 09:41)" });
  });

  it("counts 'already checked in' as sent when its earlier send went out and no answer came back", async () => {
    const items: QueuedCheckIn[] = [];
    enqueue(items, { code: "mine" });
    await flush(items, scripted("lost"), () => undefined);
    expect(items[0]).toMatchObject({ state: "pending", unanswered: true });
    await flush(items, scripted(answer("already")), () => undefined);
    expect(items[0]).toMatchObject({ state: "sent", message: "Checked in: Ada Lovelace" });
  });

  it("stops at an expired page, keeps the check-in and says to reload", async () => {
    const items: QueuedCheckIn[] = [];
    enqueue(items, { code: "first" });
    enqueue(items, { code: "second" });
    const send = scripted("stale");
    await flush(items, send, () => undefined);
    expect(send.sent).toEqual(["code:first"]);
    expect(items.map((i) => i.state)).toEqual(["pending", "pending"]);
    expect(items[1]!.message).toMatch(/^Not sent: reload this page/);
  });

  it("reads nothing from unreadable storage", () => {
    const storage = memoryStorage();
    storage.setItem("guildhall.checkIns.e1", "{not json");
    expect(load(storage, "e1")).toEqual([]);
    expect(load(null, "e1")).toEqual([]);
  });
});
