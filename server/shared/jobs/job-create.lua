-- A new job's live state, written before it is queued (job.events.ts, createJobState).
-- KEYS: state
-- ARGV: userId, createdAt, ttl
--   createdAt in ms; ttl in seconds.
redis.call('HSET', KEYS[1], 'userId', ARGV[1], 'phase', 'QUEUED', 'percent', '0', 'updatedAt', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
