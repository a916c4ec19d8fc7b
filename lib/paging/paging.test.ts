import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { decodeCursor, encodeCursor, olderThan, pageOf } from "./index";

const ROW = { createdAt: new Date("2026-05-01T10:00:00.123Z"), id: "6f1c1f7e-1d2b-4c4e-9a0e-3b1f2a9c8d7e" };

describe("cursors of newest-first lists", () => {
  it("name the row they were made from, opaquely", () => {
    const cursor = encodeCursor(ROW);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeCursor(cursor)).toEqual(ROW);
  });

  it.each(["", "x", encodeCursor(ROW).slice(0, -4), Buffer.from('{"t":"yesterday","id":"1"}').toString("base64url")])(
    "refuse %j with a 400 naming the cursor",
    (cursor) => {
      const thrown = (() => {
        try {
          decodeCursor(cursor);
        } catch (error) {
          return error;
        }
      })();
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ code: "invalid_request", extra: { errors: ["cursor: invalid"] } });
    },
  );

  it("select the rows after the cursor's row, or every row without one", () => {
    expect(olderThan(undefined)).toEqual({});
    expect(olderThan(encodeCursor(ROW))).toEqual({
      OR: [{ createdAt: { lt: ROW.createdAt } }, { createdAt: ROW.createdAt, id: { lt: ROW.id } }],
    });
  });
});

describe("pageOf", () => {
  const cursorOf = (n: number) => `after-${n}`;
  it("keeps `limit` rows and names the next page when one more row was read", () => {
    expect(pageOf([1, 2, 3], 2, cursorOf)).toEqual({ page: [1, 2], nextCursor: "after-2" });
  });
  it("says there is no next page when the rows end within the limit", () => {
    expect(pageOf([1, 2], 2, cursorOf)).toEqual({ page: [1, 2], nextCursor: null });
    expect(pageOf([], 2, cursorOf)).toEqual({ page: [], nextCursor: null });
  });
});
