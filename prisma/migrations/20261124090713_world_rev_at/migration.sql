-- When a world's `rev` was written (lib/worlds, docs/api.md "Conditional GET"): a GET answers
-- 304 on that rev only while `updated_at` still equals it, so a session counted (or HEAD moved)
-- since then is never hidden behind a 304. Existing rows keep NULL: their counters may have moved
-- since their rev was written, and nothing says when, so they get no 304 until their next write.

-- AlterTable
ALTER TABLE "worlds" ADD COLUMN     "rev_at" TIMESTAMPTZ(3);
