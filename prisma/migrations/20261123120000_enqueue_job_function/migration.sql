-- Starting a job in one round trip: under the user's advisory lock (so the running-jobs cap
-- cannot be raced past), count the user's live jobs, charge the monthly quota when asked,
-- and insert the QUEUED job. Each statement in the function sees what other enqueues
-- committed before it took the lock. Returns 'ok', 'busy:<live jobs>' or 'quota' (nothing
-- is written then). Prisma's schema cannot describe a function: tests/migrations.test.ts
-- checks it exists.
CREATE FUNCTION "enqueue_job"(
  p_id uuid, p_user uuid, p_kind text, p_input jsonb, p_created timestamp(3),
  p_max_live integer, p_quota_kind text, p_quota_month text, p_quota_limit integer
) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  live integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('jobs:' || p_user::text));
  SELECT count(*) INTO live FROM "Job"
    WHERE "userId" = p_user AND "phase" NOT IN ('COMPLETED', 'FAILED', 'CANCELLED');
  IF live >= p_max_live THEN
    RETURN 'busy:' || live;
  END IF;
  IF p_quota_kind IS NOT NULL THEN
    IF p_quota_limit <= 0 THEN
      RETURN 'quota';
    END IF;
    INSERT INTO "UsageCounter" ("userId", "kind", "month", "count") VALUES (p_user, p_quota_kind, p_quota_month, 1)
      ON CONFLICT ("userId", "kind", "month") DO UPDATE SET "count" = "UsageCounter"."count" + 1
      WHERE "UsageCounter"."count" < p_quota_limit;
    IF NOT FOUND THEN
      RETURN 'quota';
    END IF;
  END IF;
  INSERT INTO "Job" ("id", "kind", "userId", "input", "createdAt", "updatedAt")
    VALUES (p_id, p_kind, p_user, p_input, p_created, p_created);
  RETURN 'ok';
END
$$;
