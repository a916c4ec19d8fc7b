-- A GenerationJob says what it is (docs/api.md "Jobs"): world | from_book | scenario_batch |
-- dataset. Campaign jobs were `campaign` and scenario batches `scenario`; dataset exports had no
-- job row before and get one from now on (the dataset's id).
UPDATE "generation_jobs" SET "kind" = 'from_book' WHERE "kind" = 'campaign';
UPDATE "generation_jobs" SET "kind" = 'scenario_batch' WHERE "kind" = 'scenario';
