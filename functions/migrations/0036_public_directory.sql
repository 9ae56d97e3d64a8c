-- The public directory, topic pages and visitor home (docs/product.md#visitors-and-public-pages).
-- A visitor sees only members who allow search engines: the few who opted out are read
-- once, through this partial index, and left out by key (functions/src/members/search-engines.ts).
CREATE INDEX users_search_opted_out ON users (id) WHERE search_indexing = 0;

-- The home's "introductions this month": accepted connections by the time they were
-- accepted, counted on this index alone.
CREATE INDEX connections_accepted_responded ON connections (responded_at) WHERE status = 'accepted';
