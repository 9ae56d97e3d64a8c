-- Member search reads profiles in display order (picture first, then newest) and stops
-- when the page is full, instead of sorting every founder or advisor for each page: with
-- 10,000 members that sort was most of a search's time. A profile's created_at is its
-- user's (both are written at registration), and user_id breaks ties, as in the API.
CREATE INDEX founders_listing ON founders ((profile_picture_url IS NOT NULL), created_at, user_id);
CREATE INDEX advisors_listing ON advisors ((profile_picture_url IS NOT NULL), created_at, user_id);
