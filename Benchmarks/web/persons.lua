-- wrk: each request with the next person's session cookie, in turn, from the file that the
-- environment's COOKIES names (one Cookie header's value a line: populate_persons.py --cookies).
-- Used by hosted.sh and cpu_per_request.sh.
local cookies = {}
for line in io.lines(os.getenv("COOKIES")) do cookies[#cookies + 1] = line end
local next = 0
request = function()
  next = next % #cookies + 1
  return wrk.format(nil, nil, { ["Cookie"] = cookies[next] })
end
