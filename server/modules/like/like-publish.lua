-- Publishes a committed like change (like.events.ts): on its creation's channel, and on the whole
-- feed's when the creation is published; moves the feed's version (server/shared/creations/
-- feed-version.ts: kept feed pages are stale from now on). An older event than the newest one
-- kept is replaced by the newest, so subscribers never step back.
-- KEYS: newest, feedVersion
-- ARGV: version, event, published, keepMs, creationChannel, feedChannel
--   newest is a hash (v, e, p); published '1' or '0'.
redis.call('INCR', KEYS[2])
local v = tonumber(ARGV[1])
local event, published = ARGV[2], ARGV[3]
local newest = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1')
if newest > v then
  event = redis.call('HGET', KEYS[1], 'e')
  published = redis.call('HGET', KEYS[1], 'p')
else
  redis.call('HSET', KEYS[1], 'v', ARGV[1], 'e', event, 'p', published)
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], event)
-- The whole feed is the published creations: a private one's changes are not put there.
if published == '1' then redis.call('PUBLISH', ARGV[6], event) end
return 1
