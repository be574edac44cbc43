-- Takes a password check for an e-mail before the password is read (sign-in-throttle.ts), in one
-- step: the window's failures and the checks under way are counted together, so however many
-- guesses arrive at once, at most `limit` are ever checked from addresses that never signed in to
-- it (docs/security-testing.md, "Distributed guessing").
-- KEYS: failures, checking, cooldown
-- ARGV: now, windowMs, checkMs, member, limit, known, cooldownSeconds
--   failures and checking are sorted sets of times; a check still in `checking` after checkMs (its
--   process died) no longer counts. known is '1' for an address that signed in to the e-mail: it
--   is never refused, but its checks count.
-- Returns { 1, failures and checks before this one } when taken; { 0, the cool-down's seconds
-- left } when refused during a cool-down (started here if the failures alone reach the limit);
-- { 0, -1 } when refused because checks under way reach the limit (their outcome decides whether a
-- cool-down starts).
local now, limit = tonumber(ARGV[1]), tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - tonumber(ARGV[2]))
redis.call('ZREMRANGEBYSCORE', KEYS[2], 0, now - tonumber(ARGV[3]))
local failures = redis.call('ZCARD', KEYS[1])
local counted = failures + redis.call('ZCARD', KEYS[2])
if ARGV[6] ~= '1' then
  local left = redis.call('TTL', KEYS[3])
  if left > 0 then return { 0, left } end
  if failures >= limit then
    redis.call('SET', KEYS[3], '1', 'EX', ARGV[7])
    return { 0, tonumber(ARGV[7]) }
  end
  if counted >= limit then return { 0, -1 } end
end
redis.call('ZADD', KEYS[2], now, ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return { 1, counted }
