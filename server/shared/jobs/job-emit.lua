-- Stores and publishes one job event (job.events.ts, emitJobEvent). Returns 0 when refused (the
-- job had ended and only-while-live was asked), else 1. A worker's first report also marks when
-- the work started.
-- KEYS: state, text
-- ARGV: onlyWhileLive, phase, percent, message, creationId, textMode, text, ttl, channel, event, now
--   onlyWhileLive '1' or '0'; message '' keeps the stored one, else 'm' followed by the message;
--   textMode '' none, 'a' append, 's' set; now in ms.
local phase = redis.call('HGET', KEYS[1], 'phase')
if ARGV[1] == '1' and (phase == 'COMPLETED' or phase == 'FAILED' or phase == 'CANCELLED') then return 0 end
redis.call('HSET', KEYS[1], 'phase', ARGV[2], 'percent', ARGV[3], 'updatedAt', ARGV[11])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'message', string.sub(ARGV[4], 2)) end
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'creationId', ARGV[5]) end
if ARGV[1] == '1' then redis.call('HSETNX', KEYS[1], 'startedAt', ARGV[11]) end
redis.call('EXPIRE', KEYS[1], ARGV[8])
if ARGV[6] == 's' then redis.call('SET', KEYS[2], ARGV[7], 'EX', ARGV[8])
elseif ARGV[6] == 'a' then redis.call('APPEND', KEYS[2], ARGV[7]); redis.call('EXPIRE', KEYS[2], ARGV[8]) end
redis.call('PUBLISH', ARGV[9], ARGV[10])
return 1
