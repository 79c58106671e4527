-- The outbox worker claims the oldest due mail (ORDER BY id LIMIT 1 among unsent, undead rows:
-- decision 311). With only the pending index on next_attempt_at, that claim sorted every pending
-- row or walked the primary key through every sent one (4.4 ms a claim, 30 ms at worst, with 20,000
-- mails queued); an index of the pending rows' ids gives it the oldest at once.
CREATE INDEX IF NOT EXISTS "outbox_claim_idx" ON "outbox" USING btree ("id") WHERE sent_at IS NULL AND dead_at IS NULL;
