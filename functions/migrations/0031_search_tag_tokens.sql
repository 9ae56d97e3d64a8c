-- The tags tokens of profile_search (0028) start with `00` instead of `k`
-- (functions/src/profiles/search-keys.ts): its prefix indexes list every token under its
-- first two and three characters, so tokens starting with a letter put nearly every member
-- under `ka`, `ke`, … and a mention search typed as "Ke" read them all. Each token starts
-- with `k`, and a `k` appears nowhere else in the column (hex digits and kind letters a–j, z),
-- so the rewrite is exact; rows already rewritten are left alone.
UPDATE profile_search SET tags = '00' || substr(replace(tags, ' k', ' 00'), 2) WHERE tags LIKE 'k%';
