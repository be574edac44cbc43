-- Counts one request in a sliding window (rate-limit.ts): a sorted set of request times.
-- Returns { requests in the window, this one included; the oldest one's time }.
-- KEYS: window
-- ARGV: now, windowMs, member
--   now in ms; member unique to this request.
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
local count = redis.call('ZCARD', KEYS[1])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
redis.call('PEXPIRE', KEYS[1], window)
return { count, oldest[2] }
