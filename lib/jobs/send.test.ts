import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors";
import { inngest } from "./client";
import { sendOrUndo } from "./send";

const event = { name: "tests/send.requested", data: { n: 1 } };

describe("sendOrUndo", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the events and undoes nothing when they are accepted", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: ["x"] });
    const undo = vi.fn(async () => undefined);
    await sendOrUndo(event, { what: "The thing", undo });
    expect(send).toHaveBeenCalledWith(event);
    expect(undo).not.toHaveBeenCalled();
  });

  it("undoes, then answers 503 unavailable naming what could not be queued", async () => {
    vi.spyOn(inngest, "send").mockRejectedValue(new Error("event API down"));
    const order: string[] = [];
    const undo = vi.fn(async () => void order.push("undo"));
    const failure = await sendOrUndo(event, { what: "The batch", undo, undone: "nothing was created" }).catch((e: unknown) => e);
    order.push("thrown");
    expect(undo).toHaveBeenCalledTimes(1);
    expect(order).toEqual(["undo", "thrown"]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("unavailable");
    expect((failure as ApiError).detail).toBe("The batch could not be queued (Error: event API down); nothing was created. Retry shortly.");
  });

  it("answers 503 without an undo when there is nothing to take back", async () => {
    vi.spyOn(inngest, "send").mockRejectedValue(new Error("down"));
    await expect(sendOrUndo(event, { what: "The delivery" })).rejects.toMatchObject({
      code: "unavailable",
      detail: "The delivery could not be queued (Error: down). Retry shortly.",
    });
  });
});
