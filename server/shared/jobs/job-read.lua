-- A job's live state and its text so far, in one round trip (job.events.ts, readJobLive).
-- Returns { the hash as field, value, …; the text or false }.
-- KEYS: state, text
-- ARGV:
return { redis.call('HGETALL', KEYS[1]), redis.call('GET', KEYS[2]) }
